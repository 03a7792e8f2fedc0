// Helpers shared by the brand and room branding contract tests.
import { expect } from 'vitest';
import { defaultBannerPath } from '../../lib/shared/default-banner';
import { baseUrl, client, createToken, uniqueTeam, type Res } from './api';

export type Api = ReturnType<typeof client> & { team: string; token: string };

/**
 * For describes whose tests mint teams or set plans through the admin command (a process each):
 * room for a loaded machine. A limit to stop a hung test, not a measure of anything.
 */
export const SPAWNS = { timeout: 120_000 };

/** A new team on `plan` and a client for it. */
export async function teamApi(plan: string, scopes = 'branding.read,branding.write', prefix = 'brands'): Promise<Api> {
  const team = uniqueTeam(prefix);
  const { token } = await createToken({ team, scopes, plan });
  return Object.assign(client(token), { team, token });
}

export const BRAND_KEYS = [
  'banner',
  'banner_hidden',
  'brand_color',
  'card_layout',
  'created',
  'cta_label',
  'cta_url',
  'custom_link_preview_enabled',
  'default_language',
  'hide_folder_icons_in_main',
  'hide_logo',
  'id',
  'is_default',
  'link_preview_description',
  'link_preview_favicon',
  'link_preview_image',
  'link_preview_title',
  'logo',
  'name',
  'object',
  'show_folder_tree',
  'updated_at',
  'viewer_header_style',
  'viewer_layout_preset',
  'welcome_message',
];

/** The settings part of a brand (also a room's `custom`): every brand key but the brand's own. */
export const SETTINGS_KEYS = BRAND_KEYS.filter((k) => !['id', 'object', 'name', 'is_default', 'created', 'updated_at'].includes(k));

/** What an untouched brand holds. */
export const SETTING_DEFAULTS = {
  brand_color: null,
  logo: null,
  hide_logo: false,
  banner: null,
  banner_hidden: false,
  link_preview_image: null,
  link_preview_favicon: null,
  welcome_message: null,
  cta_label: null,
  cta_url: null,
  custom_link_preview_enabled: false,
  link_preview_title: null,
  link_preview_description: null,
  card_layout: 'grid',
  show_folder_tree: true,
  viewer_layout_preset: 'standard',
  viewer_header_style: 'solid',
  hide_folder_icons_in_main: false,
  default_language: 'en',
};

export const SLOTS = ['logo', 'banner', 'link_preview_image', 'link_preview_favicon'] as const;
export type Slot = (typeof SLOTS)[number];

/** A raw PUT of image bytes; `contentType` null sends no Content-Type at all. */
export async function putBytes(token: string, path: string, bytes: Buffer | Uint8Array, contentType: string | null): Promise<Res> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (contentType !== null) headers['Content-Type'] = contentType;
  const r = await fetch(baseUrl() + path, { method: 'PUT', headers, body: new Uint8Array(bytes) });
  const text = await r.text();
  let body: any = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {}
  return { status: r.status, body, headers: r.headers };
}

/** A public image URL, fetched as a browser would (no token). */
export async function getImage(url: string) {
  const r = await fetch(url);
  return { status: r.status, headers: r.headers, bytes: Buffer.from(await r.arrayBuffer()) };
}

/** The image object of spec/DESIGN: { url, content_type, width, height, size }, its URL on the app. */
export function expectImage(img: any, want: { content_type: string; size: number; width?: number; height?: number }) {
  expect(img).not.toBeNull();
  expect(Object.keys(img).sort()).toEqual(['content_type', 'height', 'size', 'url', 'width']);
  expect(img).toMatchObject({ content_type: want.content_type, size: want.size });
  if (want.width !== undefined) expect(img.width).toBe(want.width);
  if (want.height !== undefined) expect(img.height).toBe(want.height);
  expect(img.url.startsWith(`${baseUrl()}/images/`), img.url).toBe(true);
}

/** The URL serves exactly these bytes, typed, cacheable forever. */
export async function expectServed(url: string, bytes: Buffer, contentType: string) {
  const r = await getImage(url);
  expect(r.status, url).toBe(200);
  expect(r.headers.get('content-type')).toBe(contentType);
  expect(r.headers.get('cache-control')).toMatch(/immutable/);
  expect(r.headers.get('cache-control')).toMatch(/public/);
  expect(r.bytes.equals(bytes)).toBe(true);
}

/** The URL no longer serves anything (the file was released). */
export async function expectGone(url: string) {
  const r = await getImage(url);
  expect(r.status, url).toBe(404);
}

/** The service's own images (public/brand/*), shown when a brand leaves a slot empty. */
export const serviceLogo = () => `${baseUrl()}/brand/quire-logo.png`;
/** The service banner in a brand colour (the service colour's by default). */
export const serviceBanner = (color = '#1f2937') => `${baseUrl()}${defaultBannerPath(color)}`;
