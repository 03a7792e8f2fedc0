// What a visitor sees of a brand's settings, computed once for the server (the viewer, room
// branding's `effective`: server/services/branding/effective.ts) and the dashboard's live preview
// of a form (components/branding/model.ts). The caller passes settings as they apply (a field the
// plan lacks already at its default) with image slots as URLs; the service's images fill empty
// slots.
import { SERVICE_COLOR } from './branding-fields';

export type LookSettings = {
  brand_color: string | null;
  logo_url: string | null;
  hide_logo: boolean;
  banner_url: string | null;
  banner_hidden: boolean;
  welcome_message: string | null;
  cta_label: string | null;
  cta_url: string | null;
  custom_link_preview_enabled: boolean;
  link_preview_title: string | null;
  link_preview_description: string | null;
  link_preview_image_url: string | null;
  link_preview_favicon_url: string | null;
  card_layout: string;
  show_folder_tree: boolean;
  viewer_layout_preset: string;
  viewer_header_style: string;
  hide_folder_icons_in_main: boolean;
  default_language: string;
};

export type ServiceImages = (color: string) => { logo: string; banner: string; favicon: string };

export function visitorLook<S extends LookSettings>(s: S, serviceImages: ServiceImages) {
  const color = s.brand_color ?? SERVICE_COLOR;
  const service = serviceImages(color);
  const preview = s.custom_link_preview_enabled;
  return {
    brand_color: color,
    logo_url: s.hide_logo ? null : (s.logo_url ?? service.logo),
    hide_logo: s.hide_logo,
    banner_url: s.banner_hidden ? null : (s.banner_url ?? service.banner),
    banner_hidden: s.banner_hidden,
    welcome_message: s.welcome_message,
    cta_label: s.cta_label,
    cta_url: s.cta_url,
    custom_link_preview_enabled: preview,
    // The card shows custom texts and image only when the custom preview is on.
    link_preview_title: preview ? s.link_preview_title : null,
    link_preview_description: preview ? s.link_preview_description : null,
    link_preview_image_url: preview ? s.link_preview_image_url : null,
    // Null only on a custom domain, where the service's own favicon is not shown (server/viewer/page-data.ts).
    link_preview_favicon_url: (s.link_preview_favicon_url ?? service.favicon) as string | null,
    card_layout: s.card_layout as S['card_layout'],
    show_folder_tree: s.show_folder_tree,
    viewer_layout_preset: s.viewer_layout_preset as S['viewer_layout_preset'],
    viewer_header_style: s.viewer_header_style as S['viewer_header_style'],
    hide_folder_icons_in_main: s.hide_folder_icons_in_main,
    default_language: s.default_language as S['default_language'],
  };
}
