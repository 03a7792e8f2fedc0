// The service's default banner in the brand's colour (issue 26, item 3).
import { describe, expect, it } from 'vitest';
import { bannerColorKey, defaultBannerPath, defaultBannerSvg } from '../lib/shared/default-banner';

describe('default banner', () => {
  it('keys the colour as six lower-case hex digits, the service colour when unreadable', () => {
    expect(bannerColorKey('#2F855A')).toBe('2f855a');
    expect(bannerColorKey('#abc')).toBe('aabbcc');
    expect(bannerColorKey('red')).toBeNull();
    expect(defaultBannerPath('#16A34A')).toBe('/brand/banner/16a34a.svg');
    expect(defaultBannerPath('nonsense')).toBe('/brand/banner/1f2937.svg');
  });

  it('draws tints of that colour and nothing that runs or loads', () => {
    const green = defaultBannerSvg('16a34a');
    expect(green).not.toBe(defaultBannerSvg('4f46e5'));
    // Tints of #16a34a (mixed with white), not the old lavender.
    expect(green).toMatch(/stop-color="#f[0-9a-f]{5}"/);
    expect(green).toContain('stop-color="#ccebd7"');
    expect(green).not.toMatch(/<script|href=|on[a-z]+=/i);
  });
});
