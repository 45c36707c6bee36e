const BROWSERS: [RegExp, string][] = [
  [/MicroMessenger\/([\d]+)/, '微信'],
  [/Edg(?:e|A|iOS)?\/([\d]+)/, 'Edge'],
  [/OPR\/([\d]+)/, 'Opera'],
  [/Firefox\/([\d]+)/, 'Firefox'],
  [/(?:Chrome|CriOS)\/([\d]+)/, 'Chrome'],
  [/Version\/([\d]+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/HarmonyOS/, 'HarmonyOS'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/**
 * A browser's User-Agent in the words a person recognises their own device by ("Chrome 120 ·
 * Windows"); what it does not know stays 未知, never the raw header (which anyone may write).
 */
export function deviceName(userAgent: string | null | undefined): string {
  const ua = userAgent ?? '';
  let browser = '未知浏览器';
  for (const [re, name] of BROWSERS) {
    const m = re.exec(ua);
    if (m) {
      browser = `${name} ${m[1]}`;
      break;
    }
  }
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1] ?? '未知系统';
  return `${browser} · ${system}`;
}
