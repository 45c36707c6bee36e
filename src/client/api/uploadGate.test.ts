import { describe, expect, it, vi } from 'vitest';
import { createUploadGate } from './uploadGate.js';

describe('upload gate', () => {
  it('is open when nothing uploads', () => {
    const g = createUploadGate();
    expect(g.blockMessage()).toBeNull();
    expect(g.isUploading()).toBe(false);
    expect(g.hasFailed()).toBe(false);
  });
  it('holds calls while an upload runs', () => {
    const g = createUploadGate();
    g.begin('f1');
    g.begin('f2');
    expect(g.blockMessage()).toBe('请等待文件上传完成！');
    g.end('f1');
    expect(g.isUploading()).toBe(true);
    g.end('f2');
    expect(g.blockMessage()).toBeNull();
  });
  it('holds calls while a failed file remains, until it is removed or retried', () => {
    const g = createUploadGate();
    g.begin('f1');
    g.end('f1', true);
    expect(g.hasFailed()).toBe(true);
    expect(g.blockMessage()).toBe('请删除上传失败文件！');
    g.begin('f1'); // retry
    expect(g.hasFailed()).toBe(false);
    expect(g.blockMessage()).toBe('请等待文件上传完成！');
    g.end('f1', true);
    g.remove('f1');
    expect(g.blockMessage()).toBeNull();
  });
  it('tells subscribers about changes and can be reset', () => {
    const g = createUploadGate();
    const l = vi.fn();
    const off = g.subscribe(l);
    g.begin('a');
    g.reset();
    expect(l).toHaveBeenCalledTimes(2);
    expect(g.isUploading()).toBe(false);
    off();
    g.begin('b');
    expect(l).toHaveBeenCalledTimes(2);
  });
});
