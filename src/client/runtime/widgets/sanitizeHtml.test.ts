// @vitest-environment jsdom
import { safeUrl, sanitizeHtml } from './sanitizeHtml.js';
import { underBase } from '../../api/appBase.js';

describe('sanitizeHtml', () => {
  it('keeps formatting, drops script, handlers and javascript: links', () => {
    const html =
      '<h2>标题</h2><p onclick="x()">a <strong>b</strong> <a href="javascript:alert(1)">x</a> <a href="https://e.test/" target="_blank">y</a></p><script>alert(1)</script><img src=x onerror="alert(1)"><iframe src="https://e.test"></iframe>';
    expect(sanitizeHtml(html)).toBe(
      '<h2>标题</h2><p>a <strong>b</strong> <a>x</a> <a href="https://e.test/" target="_blank" rel="noopener noreferrer">y</a></p><img src="x">',
    );
  });
  it('keeps alignment and tables, and no other style', () => {
    expect(
      sanitizeHtml(
        '<p style="text-align: center; color: red">居中</p><h2 style="position:fixed">题</h2><table><tbody><tr><td colspan="2" style="text-align:right">格</td></tr></tbody></table>',
      ),
    ).toBe(
      '<p style="text-align: center">居中</p><h2>题</h2><table><tbody><tr><td colspan="2" style="text-align: right">格</td></tr></tbody></table>',
    );
    expect(sanitizeHtml('<p style="text-align: center; background: url(javascript:alert(1))">x</p>')).toBe(
      '<p style="text-align: center">x</p>',
    );
  });
  it("writes a picture or link stored from the portal's root under the base path a view gives", () => {
    const stored =
      '<p><img src="/api/file/image/0123456789abcdef0123456789abcdef" alt="图"><a href="/lookAnnouncement?id=2">通知</a><a href="https://e.test/">外</a></p>';
    const resolve = (url: string) => underBase(url, '/ktgl/');
    expect(sanitizeHtml(stored, { resolve })).toBe(
      '<p><img src="/ktgl/api/file/image/0123456789abcdef0123456789abcdef" alt="图"><a href="/ktgl/lookAnnouncement?id=2">通知</a><a href="https://e.test/">外</a></p>',
    );
    // The editor keeps what is stored, so a value saved under one base still opens under another.
    expect(sanitizeHtml(stored)).toBe(stored);
  });
  it('unwraps unknown tags but keeps their text', () => {
    expect(sanitizeHtml('<custom-el>t<b>u</b></custom-el>')).toBe('t<b>u</b>');
    expect(sanitizeHtml('<svg><script>1</script></svg>ok')).toBe('ok');
  });
  it('accepts only safe URL schemes', () => {
    expect(safeUrl('/api/file/download?id=1')).toBe(true);
    expect(safeUrl('mailto:a@b.c')).toBe(true);
    expect(safeUrl(' JavaScript:alert(1)')).toBe(false);
    expect(safeUrl('data:image/png;base64,AAAA', true)).toBe(true);
    expect(safeUrl('data:image/svg+xml;base64,AAAA', true)).toBe(false);
    expect(safeUrl('data:image/png;base64,AAAA')).toBe(false);
    expect(safeUrl('//evil.test/x')).toBe(false);
  });
});
