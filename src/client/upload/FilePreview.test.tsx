// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONVERSION_MESSAGES } from '../../shared/fileTypes.js';

const post = vi.fn();
vi.mock('../api/http.js', () => ({ http: { post: (...args: unknown[]) => post(...args) } }));
const { FilePreview } = await import('./FilePreview.js');

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

afterEach(() => {
  post.mockReset();
  vi.useRealTimers();
  document.body.replaceChildren();
});

const waiting = (state: 'queued' | 'running') => ({
  kind: 'video',
  previewUrl: null,
  fileName: '公开课.avi',
  downloadUrl: '/api/file/download?id=9',
  conversion: { state, message: CONVERSION_MESSAGES[state] },
});

describe('FilePreview of a converted file', () => {
  it('says 转换中 while the file is converted, asks again, and plays it once ready', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    post
      .mockResolvedValueOnce(waiting('queued'))
      .mockResolvedValueOnce(waiting('running'))
      .mockResolvedValue({ kind: 'video', previewUrl: '/api/file/preview/9?t=x', fileName: '公开课.avi' });
    render(<FilePreview file={{ id: 9, fileName: '公开课.avi', fileSuffix: 'avi' }} onClose={() => undefined} />);
    await waitFor(() => expect(screen.getByText(CONVERSION_MESSAGES.queued)).toBeTruthy());
    expect(screen.getByText('下载文件').getAttribute('href')).toBe('/api/file/download?id=9');
    await vi.advanceTimersByTimeAsync(2000);
    await waitFor(() => expect(screen.getByText(CONVERSION_MESSAGES.running)).toBeTruthy());
    await vi.advanceTimersByTimeAsync(2000);
    await waitFor(() => expect(document.querySelector('video')?.getAttribute('src')).toBe('/api/file/preview/9?t=x'));
    expect(post).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(6000);
    expect(post).toHaveBeenCalledTimes(3);
  });

  it('stops asking on a failure and offers the download with the reason', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    post.mockResolvedValue({
      ...waiting('queued'),
      conversion: { state: 'failed', message: CONVERSION_MESSAGES.failed, reason: '转换超时' },
    });
    render(<FilePreview file={{ id: 9, fileName: '公开课.avi', fileSuffix: 'avi' }} onClose={() => undefined} />);
    await waitFor(() => expect(screen.getByText(`${CONVERSION_MESSAGES.failed}：转换超时`)).toBeTruthy());
    await vi.advanceTimersByTimeAsync(6000);
    expect(post).toHaveBeenCalledTimes(1);
  });
});
