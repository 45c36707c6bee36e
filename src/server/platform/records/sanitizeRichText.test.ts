import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitizeRichText.js';

describe('sanitizeRichText', () => {
  it('keeps formatting, links and images', () => {
    const html =
      '<p style="text-align: center"><strong>加粗</strong> <a href="https://example.org" target="_blank">链接</a></p><img src="https://example.org/a.png" alt="图" /><img src="data:image/png;base64,iVBORw0KGgo=" />';
    const out = sanitizeRichText(html);
    expect(out).toContain('<strong>加粗</strong>');
    expect(out).toContain('href="https://example.org"');
    expect(out).toContain('rel="noopener noreferrer"');
    expect(out).toContain('src="https://example.org/a.png"');
    expect(out).toContain('src="data:image/png;base64,iVBORw0KGgo="');
    expect(out).toContain('text-align:center');
  });

  it('removes script, event handlers, javascript: URLs and svg data images', () => {
    const html =
      '<p onclick="alert(1)">x</p><script>alert(1)</script><a href="javascript:alert(1)">a</a><img src=x onerror="alert(1)"><img src="data:image/svg+xml;base64,PHN2Zz4="><iframe src="https://evil"></iframe><p style="background:url(javascript:alert(1))">y</p>';
    const out = sanitizeRichText(html);
    expect(out).not.toMatch(/script|onclick|onerror|javascript:|iframe|svg|url\(/i);
    expect(out).toContain('<p>x</p>');
  });

  it('drops the empty paragraphs an editor leaves after the text, and nothing else', () => {
    expect(sanitizeRichText('<p>正文</p><ul><li><p>一</p></li></ul><p></p><p><br></p> ')).toBe(
      '<p>正文</p><ul><li><p>一</p></li></ul>',
    );
    expect(sanitizeRichText('<p></p><p>正文</p><p>&nbsp;</p>')).toBe('<p></p><p>正文</p>');
    expect(sanitizeRichText('<p>正文<br /></p>')).toBe('<p>正文<br /></p>');
    expect(sanitizeRichText('<p></p>')).toBe('');
    // Linear: a long run of empty paragraphs before the text is kept and costs little.
    const many = `${'<p></p>'.repeat(25_000)}<p>正文</p>`;
    const started = Date.now();
    expect(sanitizeRichText(many)).toBe(many);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
