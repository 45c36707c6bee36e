// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { cleanPastedHtml } from './wordPaste.js';

const WORD = `<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><style>p.MsoNormal{font-family:宋体}</style></head><body>
<!--[if gte mso 9]><xml><w:WordDocument></w:WordDocument></xml><![endif]-->
<h1 style="mso-outline-level:1"><span style="font-family:黑体">一、研究背景</span></h1>
<p class="MsoNormal" style="text-indent:2em;color:red"><b><span style="font-size:14pt">核心素养</span></b>是重点<o:p></o:p></p>
<p class="MsoListParagraphCxSpFirst" style="mso-list:l0 level1 lfo1"><span style="mso-list:Ignore">1.<span>&nbsp;&nbsp;</span></span>文献研究</p>
<p class="MsoListParagraphCxSpLast" style="mso-list:l0 level1 lfo1"><span style="mso-list:Ignore">2.<span>&nbsp;&nbsp;</span></span>行动研究</p>
<p class="MsoListParagraph" style="mso-list:l1 level1 lfo2"><span style="mso-list:Ignore">·<span>&nbsp;</span></span>问卷</p>
<table class="MsoTableGrid" border="1" style="border-collapse:collapse"><tr><td width="200" style="border:solid" colspan="2"><p>阶段</p></td></tr></table>
<p><a href="https://example.org/" style="color:blue" class="x">链接</a></p>
</body></html>`;

describe('cleanPastedHtml', () => {
  const out = cleanPastedHtml(WORD);
  const doc = new DOMParser().parseFromString(out, 'text/html');

  it('keeps headings, bold, tables and links', () => {
    expect(doc.querySelector('h1')?.textContent).toBe('一、研究背景');
    expect(doc.querySelector('b')?.textContent).toBe('核心素养');
    expect(doc.querySelector('td')?.getAttribute('colspan')).toBe('2');
    expect(doc.querySelector('a')?.getAttribute('href')).toBe('https://example.org/');
  });

  it('drops styles, classes, fonts, Word tags and comments', () => {
    expect(out).not.toMatch(/style=|class=|mso|<o:p|<!--|<span|font-family|width=|border=/i);
  });

  it('turns Word list paragraphs back into numbered and bulleted lists without the typed markers', () => {
    expect([...doc.querySelectorAll('ol li')].map((li) => li.textContent?.trim())).toEqual(['文献研究', '行动研究']);
    expect([...doc.querySelectorAll('ul li')].map((li) => li.textContent?.trim())).toEqual(['问卷']);
  });
});
