import { describe, expect, it } from 'vitest';
import { describeAgent } from './user-agent';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

describe('a user agent in words', () => {
  it('an iPhone is Mobile Safari on iOS, not Safari on macOS', () => {
    expect(describeAgent(IPHONE)).toBe('Mobile Safari 17 on iOS (iPhone)');
  });

  it('names browsers, systems and devices', () => {
    expect(describeAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15')).toBe('Safari 17 on macOS');
    expect(describeAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0')).toBe('Edge 124 on Windows');
    expect(describeAgent('Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0 Mobile/15E148 Safari/604.1')).toBe('Chrome 124 on iOS (iPad)');
    expect(describeAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36')).toBe('Chrome 124 on Android (Pixel 8)');
    expect(describeAgent('Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0')).toBe('Firefox 125 on Linux');
  });

  it('tools by their own name; nothing as an unknown device', () => {
    expect(describeAgent('quire-cli/0.1.0 (linux)')).toBe('quire-cli 0.1.0 on Linux');
    expect(describeAgent('curl/8.5.0')).toBe('curl 8.5.0');
    expect(describeAgent('openid-client/6.8.4')).toBe('openid-client 6.8.4');
    expect(describeAgent(null)).toBe('Unknown device');
    expect(describeAgent('')).toBe('Unknown device');
  });
});
