// The brand editor's model: what a save sends (only changed fields; images by URL, removal as
// null, a hidden banner as { hidden: true }, files apart), what the browser refuses before
// asking, and the preview of unsaved values (locked fields show their defaults).
import { describe, expect, it } from 'vitest';
import {
  changes,
  checkImageFile,
  DEFAULT_SETTINGS,
  formFrom,
  isEmpty,
  normalizeColor,
  previewOf,
  unlockingPlan,
  validate,
  type Settings,
} from '../components/branding/model';

const img = (name: string) => ({ url: `https://app.example/images/${name}/0123456789abcdef.png`, content_type: 'image/png' as const, width: 10, height: 10, size: 100 });
const png = (bytes = 10, name = 'a.png', type = 'image/png') => new File([new Uint8Array(bytes)], name, { type });

describe('changes', () => {
  it('sends nothing for an untouched form and only what changed otherwise', () => {
    const base: Settings = { ...DEFAULT_SETTINGS, brand_color: '#112233', welcome_message: 'Hi', logo: img('l') };
    const form = formFrom(base);
    expect(isEmpty(changes(form, base))).toBe(true);
    const c = changes({ ...form, brand_color: '#ABC', welcome_message: '  ', card_layout: 'list' }, base);
    expect(c.patch).toEqual({ brand_color: '#aabbcc', welcome_message: null, card_layout: 'list' });
    expect(c.files).toEqual({});
  });

  it('images: a URL in the body, removal as null, a file apart, the banner hidden as { hidden: true }', () => {
    const base: Settings = { ...DEFAULT_SETTINGS, logo: img('l'), banner: img('b') };
    const file = png();
    const form = {
      ...formFrom(base),
      logo: { kind: 'none' as const },
      link_preview_image: { kind: 'url' as const, url: ' https://cdn.example/card.png ' },
      link_preview_favicon: { kind: 'file' as const, file, url: 'blob:x' },
      banner_hidden: true,
    };
    const c = changes(form, base);
    expect(c.patch).toEqual({ logo: null, link_preview_image: { source_url: 'https://cdn.example/card.png' }, banner: { hidden: true } });
    expect(c.files).toEqual({ link_preview_favicon: file });
  });

  it('showing a hidden banner again restores the service banner (null) unless a new one comes', () => {
    const base: Settings = { ...DEFAULT_SETTINGS, banner_hidden: true };
    expect(changes({ ...formFrom(base), banner_hidden: false }, base).patch).toEqual({ banner: null });
    const file = png();
    const c = changes({ ...formFrom(base), banner_hidden: false, banner: { kind: 'file', file, url: 'blob:y' } }, base);
    expect(c.patch).toEqual({});
    expect(c.files).toEqual({ banner: file });
  });

  it('a brand: the name when changed, is_default only to make it the default', () => {
    const base = DEFAULT_SETTINGS;
    const id = { name: 'Acme', is_default: false };
    expect(changes({ ...formFrom(base, id), name: ' Acme 2 ', is_default: true }, base, id).patch).toEqual({ name: 'Acme 2', is_default: true });
    expect(changes(formFrom(base, { name: 'Acme', is_default: true }), base, { name: 'Acme', is_default: true }).patch).toEqual({});
  });
});

describe('validate', () => {
  it('asks for a name, a hex colour, both parts of the call to action and https addresses', () => {
    const form = { ...formFrom(DEFAULT_SETTINGS), brand_color: 'teal', cta_label: 'Call', cta_url: 'http://x.example', logo: { kind: 'url' as const, url: 'ftp://x' } };
    expect(validate(form, { withName: true })).toEqual({
      name: 'Give the brand a name.',
      brand_color: 'Use a hex colour like #4f46e5.',
      cta_url: 'The address must start with https://.',
      logo: 'The image address must be a public https:// URL.',
    });
    expect(validate({ ...formFrom(DEFAULT_SETTINGS), cta_url: 'https://x.example' }, { withName: false })).toEqual({ cta_label: 'Add the button’s label, or clear the address.' });
    expect(normalizeColor('#0F766E')).toBe('#0f766e');
    expect(normalizeColor('fff')).toBe('#ffffff');
  });
});

describe('checkImageFile', () => {
  it('refuses SVG, WebP, other types and oversized files with the slot’s rule', () => {
    expect(checkImageFile(png(10, 'x.svg', 'image/svg+xml'), 'logo')).toEqual({ ok: false, reason: 'SVG images are not accepted. This slot takes PNG or JPEG, at most 2 MB.' });
    expect(checkImageFile(png(10, 'x.webp', 'image/webp'), 'banner')).toMatchObject({ ok: false, reason: expect.stringContaining('WebP') });
    expect(checkImageFile(png(10, 'x.ico', ''), 'logo')).toMatchObject({ ok: false, reason: expect.stringContaining('.ico files are not accepted') });
    expect(checkImageFile(png(2 * 1024 * 1024 + 1), 'logo')).toMatchObject({ ok: false, reason: expect.stringContaining('2.0 MB') });
    expect(checkImageFile(png(0), 'logo')).toEqual({ ok: false, reason: 'The file is empty.' });
  });

  it('takes the slot’s types, naming ICO as image/x-icon whatever the browser called it', () => {
    expect(checkImageFile(png(10, 'f.ico', 'image/vnd.microsoft.icon'), 'link_preview_favicon')).toEqual({ ok: true, contentType: 'image/x-icon' });
    expect(checkImageFile(png(10, 'p.JPG', ''), 'banner')).toEqual({ ok: true, contentType: 'image/jpeg' });
    expect(checkImageFile(png(4 * 1024 * 1024), 'banner')).toEqual({ ok: true, contentType: 'image/png' });
  });
});

describe('previewOf', () => {
  it('shows the service images and colour for empty slots and nothing when hidden', () => {
    const p = previewOf(formFrom(DEFAULT_SETTINGS), {});
    expect(p).toMatchObject({ brand_color: '#1f2937', logo_url: '/brand/quire-logo.png', banner_url: '/brand/banner/1f2937.svg', link_preview_favicon_url: '/brand/quire-favicon.png' });
    // The default banner follows the brand colour (issue 26).
    expect(previewOf({ ...formFrom(DEFAULT_SETTINGS), brand_color: '#2F855A' }, {}).banner_url).toBe('/brand/banner/2f855a.svg');
    expect(previewOf({ ...formFrom(DEFAULT_SETTINGS), brand_color: '#2F855A' }, { brand_color: { feature: 'branding', plans: ['pro'] } }).banner_url).toBe('/brand/banner/1f2937.svg');
    const hidden = previewOf({ ...formFrom(DEFAULT_SETTINGS), hide_logo: true, banner_hidden: true }, {});
    expect(hidden).toMatchObject({ logo_url: null, banner_url: null });
  });

  it('shows the defaults of fields the plan locks, and the card’s texts only with the custom preview on', () => {
    const form = { ...formFrom(DEFAULT_SETTINGS), welcome_message: 'Hi', card_layout: 'list' as const, link_preview_title: 'T', brand_color: '#123456' };
    const locked = { welcome_message: { feature: 'viewer_customization', plans: ['business', 'datarooms', 'datarooms-plus'] }, card_layout: { feature: 'dataroom_layout', plans: ['datarooms', 'datarooms-plus'] } };
    expect(previewOf(form, locked)).toMatchObject({ welcome_message: null, card_layout: 'grid', brand_color: '#123456', link_preview_title: null });
    expect(previewOf({ ...form, custom_link_preview_enabled: true }, {}).link_preview_title).toBe('T');
    expect(unlockingPlan(locked, 'welcome_message')).toBe('Business plan');
    expect(unlockingPlan(locked, 'card_layout')).toBe('Data Rooms plan');
    expect(unlockingPlan(locked, 'brand_color')).toBeNull();
  });
});
