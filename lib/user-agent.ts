/**
 * Browser and system of a User-Agent, for the list of signed-in sessions (issue 26). A small
 * parser for what the newsroom uses (desktop browsers, phones, 微信 and 钉钉's built-in browsers);
 * anything else shows as 未知浏览器 / 未知系统 with the full text in a tooltip.
 */
const BROWSERS: Array<[RegExp, string]> = [
  [/DingTalk\/([\d.]+)/, '钉钉'],
  [/MicroMessenger\/([\d.]+)/, '微信'],
  [/Edg(?:e|A|iOS)?\/([\d.]+)/, 'Edge'],
  [/QQBrowser\/([\d.]+)/, 'QQ浏览器'],
  [/UCBrowser\/([\d.]+)/, 'UC浏览器'],
  [/(?:OPR|Opera)\/([\d.]+)/, 'Opera'],
  [/Firefox\/([\d.]+)/, 'Firefox'],
  [/FxiOS\/([\d.]+)/, 'Firefox'],
  [/CriOS\/([\d.]+)/, 'Chrome'],
  [/Chrome\/([\d.]+)/, 'Chrome'],
  [/Version\/([\d.]+).*Safari\//, 'Safari'],
];

const SYSTEMS: Array<[RegExp, string | ((m: RegExpMatchArray) => string)]> = [
  [/HarmonyOS/, '鸿蒙'],
  [/Android ([\d.]+)/, (m) => `Android ${m[1]}`],
  [/(?:iPhone|iPad|iPod).*? OS ([\d_]+)/, (m) => `iOS ${m[1].replace(/_/g, '.')}`],
  [/Windows NT 10/, 'Windows 10/11'],
  [/Windows NT 6\.1/, 'Windows 7'],
  [/Windows/, 'Windows'],
  [/Mac OS X/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

export interface ParsedUserAgent {
  browser: string;
  system: string;
}

export function parseUserAgent(ua: string): ParsedUserAgent {
  let browser = '未知浏览器';
  for (const [re, name] of BROWSERS) {
    const m = ua.match(re);
    if (m) {
      browser = `${name} ${m[1].split('.')[0]}`;
      break;
    }
  }
  let system = '未知系统';
  for (const [re, name] of SYSTEMS) {
    const m = ua.match(re);
    if (m) {
      system = typeof name === 'string' ? name : name(m);
      break;
    }
  }
  return { browser, system };
}
