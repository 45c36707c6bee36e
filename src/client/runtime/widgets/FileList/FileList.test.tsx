// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../../api/http.js';
import { RuntimeProvider } from '../../RuntimeContext.js';
import { FIXTURE_USER } from '../../testing/fixtureDataProvider.js';
import { FileList } from './FileList.js';

// antd reads it in jsdom.
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener() {},
  removeListener() {},
  addEventListener() {},
  removeEventListener() {},
  dispatchEvent: () => false,
})) as typeof window.matchMedia;

const FILES = [{ id: 7, fileName: '报告.pdf', fileSize: 2048, fileSuffix: 'pdf' }];

afterEach(() => {
  // Each test draws its own list: the one before (its preview dialog open) is taken away.
  cleanup();
  vi.restoreAllMocks();
});

describe('FileList', () => {
  it('offers 预览 to a signed-in reader and opens the preview, loaded when first asked for', async () => {
    const post = vi.spyOn(http, 'post').mockResolvedValue({
      kind: 'pdf',
      previewUrl: null,
      fileName: '报告.pdf',
      conversion: { state: 'queued', message: '转换排队中' },
    } as never);
    render(
      <RuntimeProvider user={FIXTURE_USER}>
        <FileList value={FILES} />
      </RuntimeProvider>,
    );
    expect(screen.getByText('2.0 KB')).toBeTruthy();
    fireEvent.click(screen.getByText('预览'));
    expect(await screen.findByText('转换排队中', {}, { timeout: 10_000 })).toBeTruthy();
    expect(post).toHaveBeenCalledWith('file/preview/7', {}, { silent: true });
  });

  it('offers a signed-in reader 下载 beside 预览, which saves the original', () => {
    const download = vi.spyOn(http, 'download').mockResolvedValue(undefined as never);
    render(
      <RuntimeProvider user={FIXTURE_USER}>
        <FileList value={FILES} />
      </RuntimeProvider>,
    );
    const item = screen.getByText('报告.pdf').closest('li')!;
    expect([...item.querySelectorAll('button')].map((b) => b.textContent?.replace(/\s/g, ''))).toEqual([
      '预览',
      '下载',
    ]);
    fireEvent.click(screen.getByText('下载'));
    expect(download).toHaveBeenCalledWith('file/download', expect.objectContaining({ params: { id: 7 } }));
  });

  it('offers a visitor the download alone', () => {
    render(
      <RuntimeProvider user={null}>
        <FileList value={FILES} />
      </RuntimeProvider>,
    );
    expect(screen.getByText('报告.pdf').getAttribute('href')).toContain('7');
    expect(screen.queryByText('预览')).toBeNull();
    expect(screen.queryByText('下载')).toBeNull();
  });
});
