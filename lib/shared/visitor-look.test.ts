import { describe, expect, it } from 'vitest';
import { SERVICE_COLOR } from './branding-fields';
import { visitorLook, type LookSettings } from './visitor-look';

const base: LookSettings = {
  brand_color: null,
  logo_url: null,
  hide_logo: false,
  banner_url: null,
  banner_hidden: false,
  welcome_message: null,
  cta_label: null,
  cta_url: null,
  custom_link_preview_enabled: false,
  link_preview_title: 'Title',
  link_preview_description: 'About',
  link_preview_image_url: 'https://x.test/card.png',
  link_preview_favicon_url: null,
  card_layout: 'grid',
  show_folder_tree: true,
  viewer_layout_preset: 'default',
  viewer_header_style: 'default',
  hide_folder_icons_in_main: false,
  default_language: 'en',
};
const service = (color: string) => ({ logo: '/logo.png', banner: `/banner-${color}.png`, favicon: '/favicon.png' });

describe('visitorLook', () => {
  it("fills empty slots with the service's images, the banner in the brand's colour", () => {
    expect(visitorLook(base, service)).toMatchObject({ brand_color: SERVICE_COLOR, logo_url: '/logo.png', banner_url: `/banner-${SERVICE_COLOR}.png`, link_preview_favicon_url: '/favicon.png' });
    expect(visitorLook({ ...base, brand_color: '#112233' }, service).banner_url).toBe('/banner-#112233.png');
  });

  it('shows nothing where a slot is hidden, whatever it holds', () => {
    expect(visitorLook({ ...base, logo_url: '/mine.png', hide_logo: true, banner_url: '/b.png', banner_hidden: true }, service)).toMatchObject({ logo_url: null, banner_url: null });
  });

  it("shows the card's texts and image only with the custom preview on", () => {
    expect(visitorLook(base, service)).toMatchObject({ link_preview_title: null, link_preview_description: null, link_preview_image_url: null });
    expect(visitorLook({ ...base, custom_link_preview_enabled: true }, service)).toMatchObject({
      link_preview_title: 'Title',
      link_preview_description: 'About',
      link_preview_image_url: 'https://x.test/card.png',
    });
  });
});
