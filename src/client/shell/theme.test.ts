import { theme as antTheme } from 'antd';
import { describe, expect, it } from 'vitest';
import { THEME } from './App.js';

/** WCAG 2 contrast ratio of two #rrggbb or rgba(0, 0, 0, a) colours (the latter over white). */
function contrast(fg: string, bg: string): number {
  const rgb = (c: string): number[] => {
    const a = /rgba\(0, 0, 0, ([\d.]+)\)/.exec(c);
    if (a) return [0, 0, 0].map(() => Math.round(255 * (1 - Number(a[1]))));
    return [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));
  };
  const lum = (c: string) => {
    const [r, g, b] = rgb(c).map((v) => {
      const x = v / 255;
      return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [lum(fg), lum(bg)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('the theme reads at 4.5:1 (WCAG 2 AA)', () => {
  const global = antTheme.getDesignToken(THEME) as unknown as Record<string, string>;
  const inTag = { ...global, ...(THEME.components.Tag as Record<string, string>) };
  it('secondary text: statistic titles, descriptions', () => {
    expect(contrast(global.colorTextDescription, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
  it('tertiary text (description labels), placeholders, danger buttons and error text, an empty table', () => {
    for (const t of ['colorTextTertiary', 'colorTextPlaceholder', 'colorError'])
      expect(contrast(global[t], '#ffffff'), t).toBeGreaterThanOrEqual(4.5);
    for (const c of ['Table', 'Empty'] as const)
      expect(contrast(THEME.components[c].colorTextDisabled, '#ffffff'), c).toBeGreaterThanOrEqual(4.5);
  });
  it('a button under the pointer or pressed: white on the primary and danger shades, those shades as text on white', () => {
    for (const t of [
      'colorPrimary',
      'colorPrimaryHover',
      'colorPrimaryActive',
      'colorError',
      'colorErrorHover',
      'colorErrorActive',
      'colorLink',
      'colorLinkHover',
    ])
      expect(contrast('#ffffff', global[t]), `${t} ${global[t]}`).toBeGreaterThanOrEqual(4.5);
  });
  it("a badge's count, white on its red", () => {
    expect(contrast('#ffffff', THEME.components.Badge.colorError)).toBeGreaterThanOrEqual(4.5);
  });
  it("every status tag's text on its own background", () => {
    for (const s of ['Success', 'Info', 'Warning', 'Error'])
      expect(contrast(inTag[`color${s}`], global[`color${s}Bg`]), s).toBeGreaterThanOrEqual(4.5);
  });
  it("every colour tag's text on its own background", () => {
    const colours = [
      'red',
      'volcano',
      'orange',
      'gold',
      'yellow',
      'lime',
      'green',
      'cyan',
      'blue',
      'geekblue',
      'purple',
      'magenta',
    ];
    for (const c of colours) expect(contrast(inTag[`${c}7`], global[`${c}1`]), c).toBeGreaterThanOrEqual(4.5);
  });
});
