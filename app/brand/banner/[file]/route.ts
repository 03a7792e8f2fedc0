// /brand/banner/{rrggbb}.svg: the service's default banner in a brand's colour (lib/shared/default-banner.ts).
import { bannerColorKey, defaultBannerSvg } from '@/lib/shared/default-banner';

export async function GET(_req: Request, { params }: { params: Promise<{ file: string }> }) {
  const m = /^([0-9a-f]{6})\.svg$/.exec((await params).file);
  const key = m && bannerColorKey(m[1]!);
  if (!key) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  return new Response(defaultBannerSvg(key), {
    headers: {
      'content-type': 'image/svg+xml',
      'cache-control': 'public, max-age=31536000, immutable',
      // Nothing in the file runs or loads anything, and opened on its own it may not either.
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      'x-content-type-options': 'nosniff',
    },
  });
}
