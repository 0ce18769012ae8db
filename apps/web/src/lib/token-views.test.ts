import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './token-views';

describe('describeUserAgent', () => {
  it('names the browser, its major version and the system', () => {
    const agents = {
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36':
        'Chrome 131 on Windows',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86':
        'Edge 131 on Windows',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:133.0) Gecko/20100101 Firefox/133.0':
        'Firefox 133 on macOS',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1':
        'Safari 18 on iOS',
      'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0 Mobile/15E148 Safari/604.1':
        'Chrome 120 on iPadOS',
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36':
        'Samsung Internet 25 on Android',
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)': 'Bot',
      'curl/8.5.0': 'curl 8',
      '': 'Unknown browser',
      'SomethingElse/1.0': 'SomethingElse/1.0',
    };
    expect(Object.fromEntries(Object.keys(agents).map((agent) => [agent, describeUserAgent(agent)]))).toEqual(
      agents,
    );
  });
});
