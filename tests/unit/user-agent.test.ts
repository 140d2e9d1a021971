import { describe, expect, it } from 'vitest';
import { parseUserAgent } from '@/lib/user-agent';

describe('parseUserAgent (the sessions list of 个人资料)', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome 131', 'Windows 10/11'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.70',
      'Edge 131',
      'Windows 10/11',
    ],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15', 'Safari 17', 'macOS'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003130) NetType/WIFI Language/zh_CN',
      '微信 8',
      'iOS 17.5',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; V2309A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0 Mobile Safari/537.36 AliApp(DingTalk/7.6.0) DingTalk/7.6.0',
      '钉钉 7',
      'Android 14',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox 128', 'Linux'],
    ['curl/8.5.0', '未知浏览器', '未知系统'],
  ])('%s', (ua, browser, system) => {
    expect(parseUserAgent(ua)).toEqual({ browser, system });
  });
});
