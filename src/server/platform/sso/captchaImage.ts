import crypto from 'node:crypto';
import type { CaptchaConfig } from './SsoService.js';

type Point = [number, number];
type Glyph = Point[][];

/**
 * A small stroke font on a 4 x 6 grid. Glyphs are drawn as distorted paths, so the picture holds
 * no text a script could read back. Look-alikes (0/O, 1/I) are left out. Each glyph is written as
 * its strokes (`|` between strokes), each a run of `x,y` points joined by straight lines.
 */
const STROKES: Record<string, string> = {
  '2': '0,1 1,0 3,0 4,1 4,2 0,6 4,6',
  '3': '0,0 4,0 2,3 3,3 4,4 4,5 3,6 1,6 0,5',
  '4': '3,6 3,0 0,4 4,4',
  '5': '4,0 0,0 0,3 3,3 4,4 4,5 3,6 0,6',
  '6': '4,0 1,0 0,1 0,5 1,6 3,6 4,5 4,4 3,3 0,3',
  '7': '0,0 4,0 1,6',
  '8': '1,3 0,2 0,1 1,0 3,0 4,1 4,2 3,3 1,3 0,4 0,5 1,6 3,6 4,5 4,4 3,3',
  '9': '4,3 1,3 0,2 0,1 1,0 3,0 4,1 4,5 3,6 0,6',
  A: '0,6 2,0 4,6 | 0.8,3.8 3.2,3.8',
  B: '0,6 0,0 3,0 4,1 4,2 3,3 0,3 | 3,3 4,4 4,5 3,6 0,6',
  C: '4,1 3,0 1,0 0,1 0,5 1,6 3,6 4,5',
  D: '0,0 0,6 3,6 4,5 4,1 3,0 0,0',
  E: '4,0 0,0 0,6 4,6 | 0,3 3,3',
  F: '4,0 0,0 0,6 | 0,3 3,3',
  G: '4,1 3,0 1,0 0,1 0,5 1,6 3,6 4,5 4,3 2,3',
  H: '0,0 0,6 | 4,0 4,6 | 0,3 4,3',
  J: '1,0 4,0 | 3,0 3,5 2,6 1,6 0,5',
  K: '0,0 0,6 | 4,0 0,4 | 1,3 4,6',
  L: '0,0 0,6 4,6',
  M: '0,6 0,0 2,3 4,0 4,6',
  N: '0,6 0,0 4,6 4,0',
  P: '0,6 0,0 3,0 4,1 4,2 3,3 0,3',
  Q: '1,0 3,0 4,1 4,5 3,6 1,6 0,5 0,1 1,0 | 2,4 4,6',
  R: '0,6 0,0 3,0 4,1 4,2 3,3 0,3 | 2,3 4,6',
  S: '4,1 3,0 1,0 0,1 0,2 1,3 3,3 4,4 4,5 3,6 1,6 0,5',
  T: '0,0 4,0 | 2,0 2,6',
  U: '0,0 0,5 1,6 3,6 4,5 4,0',
  V: '0,0 2,6 4,0',
  W: '0,0 1,6 2,3 3,6 4,0',
  X: '0,0 4,6 | 4,0 0,6',
  Y: '0,0 2,3 4,0 | 2,3 2,6',
  Z: '0,0 4,0 0,6 4,6',
};
const GLYPHS: Record<string, Glyph> = Object.fromEntries(
  Object.entries(STROKES).map(([ch, strokes]) => [
    ch,
    strokes.split(' | ').map((stroke) => stroke.split(' ').map((point) => point.split(',').map(Number) as Point)),
  ]),
);

export const DEFAULT_CAPTCHA_CHARS = Object.keys(GLYPHS).join('');

export const DEFAULT_CAPTCHA_CONFIG: CaptchaConfig = {
  width: 90,
  height: 32,
  textLength: 4,
  textChars: DEFAULT_CAPTCHA_CHARS,
  fontSize: 24,
  fontColor: '',
};

function clampInt(value: unknown, min: number, max: number, fallback: number): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return fallback;
  return Math.min(max, Math.max(min, Math.round(n)));
}

/**
 * The effective picture settings from the caller's captchaCustomConfig: sizes clamped to sane
 * bounds, characters limited to what the font draws (case-insensitive), a colour only when it is
 * a plain hex or named colour (it ends up in an SVG attribute).
 */
export function normaliseCaptchaConfig(input: Partial<Record<keyof CaptchaConfig, unknown>>): CaptchaConfig {
  const d = DEFAULT_CAPTCHA_CONFIG;
  // The client may size the picture, within bounds, and nothing else: the alphabet, the code's
  // length and the glyph size are the server's, so nobody can ask for a guessable code
  // (two letters, three long, is eight codes).
  const height = clampInt(input.height, 20, 120, d.height);
  return {
    width: clampInt(input.width, 60, 400, d.width),
    height,
    textLength: d.textLength,
    textChars: d.textChars,
    fontSize: Math.min(d.fontSize, height),
    fontColor: d.fontColor,
  };
}

/** Failed logins and sign-up attempts from one client within the window that make its captcha harder. */
export const HARDER_CAPTCHA_AFTER = [3, 10] as const;

/** How hard a client's captcha is: 0 as usual, 1 after a few failures, 2 after many. */
export function captchaHardness(failures: number): number {
  return HARDER_CAPTCHA_AFTER.filter((n) => failures >= n).length;
}

/** A harder captcha is longer: one more character per level (four, five, six). */
export function hardenCaptchaConfig(config: CaptchaConfig, hardness: number): CaptchaConfig {
  return { ...config, textLength: config.textLength + hardness };
}

export function randomCaptchaCode(config: Pick<CaptchaConfig, 'textLength' | 'textChars'>): string {
  let code = '';
  for (let i = 0; i < config.textLength; i++) code += config.textChars[crypto.randomInt(config.textChars.length)];
  return code;
}

const rand = (min: number, max: number) => min + Math.random() * (max - min);
const fmt = (n: number) => n.toFixed(1);
function randomColor(minL: number, maxL: number): string {
  return `hsl(${Math.floor(rand(0, 360))},${Math.floor(rand(40, 75))}%,${Math.floor(rand(minL, maxL))}%)`;
}

function curve(width: number, height: number, color: string, strokeWidth: number): string {
  const y = () => fmt(rand(0, height));
  return `<path d="M0 ${y()} C${fmt(width * 0.3)} ${y()} ${fmt(width * 0.6)} ${y()} ${width} ${y()}" stroke="${color}" stroke-width="${fmt(strokeWidth)}" fill="none"/>`;
}

/**
 * Draws the code as an SVG picture: each glyph rotated, sheared, scaled and its points jittered,
 * over noise curves and dots, with one curve through the text. Only characters the font knows are
 * drawn. Each level of `hardness` adds noise curves and dots, turns and shears the glyphs further
 * and draws one more curve through the text.
 */
export function renderCaptchaSvg(code: string, config: CaptchaConfig, hardness = 0): string {
  const { width, height, fontSize } = config;
  const parts: string[] = [`<rect width="${width}" height="${height}" fill="${randomColor(90, 97)}"/>`];
  for (let i = 0; i < 4 + 4 * hardness; i++) parts.push(curve(width, height, randomColor(55, 80), rand(0.6, 1.4)));
  for (let i = 0; i < Math.round(((width * height) / 60) * (1 + hardness)); i++) {
    parts.push(
      `<circle cx="${fmt(rand(0, width))}" cy="${fmt(rand(0, height))}" r="${fmt(rand(0.4, 1.1))}" fill="${randomColor(40, 80)}"/>`,
    );
  }
  const chars = code
    .toUpperCase()
    .split('')
    .filter((c) => c in GLYPHS);
  const slot = width / (chars.length + 0.6);
  const scale = (fontSize * 0.85) / 6;
  chars.forEach((ch, i) => {
    const color = config.fontColor || randomColor(20, 45);
    const cx = slot * (i + 0.8) + rand(-slot * 0.08, slot * 0.08);
    const cy = height / 2 + rand(-height * 0.08, height * 0.08);
    const d = GLYPHS[ch]
      .map((stroke) =>
        stroke
          .map(([x, y], j) => `${j ? 'L' : 'M'}${fmt(x - 2 + rand(-0.25, 0.25))} ${fmt(y - 3 + rand(-0.25, 0.25))}`)
          .join(''),
      )
      .join('');
    const transform = `translate(${fmt(cx)} ${fmt(cy)}) rotate(${fmt(rand(-22 - 8 * hardness, 22 + 8 * hardness))}) skewX(${fmt(rand(-12 - 6 * hardness, 12 + 6 * hardness))}) scale(${fmt(scale * rand(0.85, 1.1))} ${fmt(scale * rand(0.9, 1.1))})`;
    parts.push(
      `<path d="${d}" transform="${transform}" stroke="${color}" stroke-width="${fmt(rand(0.45, 0.65))}" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`,
    );
  });
  for (let i = 0; i <= hardness; i++)
    parts.push(curve(width, height, config.fontColor || randomColor(25, 45), rand(0.9, 1.4)));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`;
}
