// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UPLOAD_MESSAGES } from '../../shared/fileTypes.js';
import { md5OfBlob } from './md5Hasher.js';
import { memoryFileServer } from './memoryFileServer.js';
import { Uploader } from './Uploader.js';
import { UploadFileList } from './UploadFileList.js';
import { networkError } from './uploadTransport.js';
import type { FileRefValue } from './uploadTypes.js';
import { keepBodyAside } from '../runtime/testing/keepBodyAside.js';

// antd reads these in jsdom.
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

const pdf = (name: string, size = 3000) =>
  new File([new Uint8Array(size).fill(65).map((v, i) => (i < 5 ? '%PDF-'.charCodeAt(i) : (v + i) % 251))], name);

function mount(props: Partial<Parameters<typeof Uploader>[0]> = {}) {
  const server = memoryFileServer();
  const gate = { begin: vi.fn(), end: vi.fn(), remove: vi.fn() };
  const notify = { warning: vi.fn(), error: vi.fn() };
  const onChange = vi.fn<(v: FileRefValue[]) => void>();
  const view = render(
    <Uploader
      belongType="announcement.attachments"
      accept="generalArchive"
      onChange={onChange}
      deps={{ transport: server.transport, md5: (f, o) => md5OfBlob(f, o), gate, notify }}
      {...props}
    />,
  );
  const input = view.queryByTestId('upload-input') as HTMLInputElement;
  const pick = (...files: File[]) =>
    act(() => {
      fireEvent.change(input, { target: { files } });
    });
  return { server, gate, notify, onChange, view, input, pick };
}

keepBodyAside();
afterEach(() => document.body.replaceChildren());

describe('Uploader', () => {
  it('uploads a picked file, shows it complete and hands the form its FileRef', async () => {
    const { pick, onChange, input } = mount();
    expect(input.accept).toContain('.pdf');
    expect(screen.getByText(/单个文件不超过10MB；最多5个文件/)).toBeTruthy();
    await pick(pdf('申报书.pdf'));
    await waitFor(() => expect(screen.getByText('上传成功')).toBeTruthy());
    expect(onChange).toHaveBeenLastCalledWith([
      expect.objectContaining({ id: 1, fileName: '申报书.pdf', fileSuffix: 'pdf' }),
    ]);
    expect(screen.getByText('预览')).toBeTruthy();
    expect(screen.getByText('下载')).toBeTruthy();
  });

  it('shows 网络异常，请重新上传 with a retry that completes the file', async () => {
    const { pick, server, onChange } = mount();
    let down = true;
    server.failures.push((op) => (op === 'upload' && down ? networkError() : null));
    await pick(pdf('a.pdf'));
    await waitFor(() => expect(screen.getByText(UPLOAD_MESSAGES.network)).toBeTruthy());
    expect(onChange).not.toHaveBeenCalled();
    down = false;
    await act(async () => {
      fireEvent.click(screen.getByText('重试'));
    });
    await waitFor(() => expect(screen.getByText('上传成功')).toBeTruthy());
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('refuses a wrong type before anything is sent and lists stored files of a record', async () => {
    const { pick, notify, server } = mount({
      value: [{ id: 7, fileName: '旧附件.docx', fileSize: 2048, fileSuffix: 'docx', md5: 'b'.repeat(32) }],
    });
    expect(screen.getByText('旧附件.docx')).toBeTruthy();
    await pick(new File(['MZ'], 'tool.exe'));
    expect(notify.warning).toHaveBeenCalledWith(UPLOAD_MESSAGES.wrongType);
    expect(server.calls).toEqual([]);
  });

  it('hides the picker and the actions when read-only; the read-pretty list offers preview and download', () => {
    mount({ readOnly: true });
    expect(screen.queryByText('上传文件')).toBeNull();
    document.body.replaceChildren();
    render(
      <UploadFileList
        value={[
          { id: 1, fileName: '图.png', fileSize: 10, fileSuffix: 'png', md5: 'c'.repeat(32) },
          { id: 2, fileName: '表.xlsx', fileSize: 10, fileSuffix: 'xlsx', md5: 'd'.repeat(32) },
        ]}
      />,
    );
    expect(screen.getAllByText('下载')).toHaveLength(2);
    // A spreadsheet is previewed as the PDF it is converted to, a picture as itself.
    expect(screen.getAllByText('预览')).toHaveLength(2);
  });
});
