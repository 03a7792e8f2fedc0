// The frame of every viewer page, in the link's branding: the header in the brand's style
// (solid colour bar, light bar, or just the logo), the banner when the link shows it, the call
// to action, and the "shared with Quire" footer. The layout preset: `standard`, `compact` (a
// lower bar, a smaller logo) or `sidebar` (the brand in a column at the left from tablet width
// up, a bar on phones). No dashboard provider, no client state.
import type { ReactNode } from 'react';
import type { EffectiveBranding } from '@/server/services/branding/effective';
import { cn } from '@/lib/cn';
import type { ViewerWords } from '@/lib/shared/viewer-words';

export type ViewerBranding = Pick<
  EffectiveBranding,
  'brand_color' | 'logo_url' | 'banner_url' | 'cta_label' | 'cta_url' | 'viewer_header_style' | 'viewer_layout_preset'
>;

/** Black or white, whichever reads better on `hex`. */
export function textOn(hex: string): string {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b! > 0.45 ? '#18181b' : '#ffffff';
}

export function ViewerShell({
  branding,
  showBanner,
  words,
  lang,
  title,
  viewerEmail,
  children,
  wide = false,
}: {
  branding: ViewerBranding;
  showBanner: boolean;
  words: ViewerWords;
  lang: string;
  title?: string | null;
  viewerEmail?: string | null;
  children: ReactNode;
  wide?: boolean;
}) {
  const style = branding.viewer_header_style;
  const color = branding.brand_color;
  const fg = style === 'solid' ? textOn(color) : '#18181b';
  const preset = branding.viewer_layout_preset;
  const compact = preset === 'compact';
  // The sidebar preset puts the brand in a column at the left from tablet width up; phones keep the bar.
  const sidebar = preset === 'sidebar';
  const logo = branding.logo_url ? (
    // eslint-disable-next-line @next/next/no-img-element
    <img
      src={branding.logo_url}
      alt=""
      data-testid="viewer-logo"
      // On a colour bar the logo sits on a light chip, so a dark logo stays readable.
      className={cn('w-auto max-w-[160px] object-contain', compact ? 'h-6' : 'h-8', sidebar && 'md:h-10 md:max-w-[200px] md:self-start', style === 'solid' && 'rounded-md bg-white/95 px-1.5 py-1')}
    />
  ) : null;
  const heading =
    title && style !== 'minimal' ? (
      <h1 className={cn('min-w-0 truncate text-sm font-semibold sm:text-base', sidebar && 'md:text-lg md:leading-snug md:break-words md:whitespace-normal')} style={{ color: fg }}>
        {title}
      </h1>
    ) : null;
  const who = viewerEmail ? (
    <span className={cn('hidden text-xs opacity-80 sm:inline', sidebar && 'md:block md:truncate')} style={{ color: fg }}>
      {words.signedInAs.replace('{email}', viewerEmail)}
    </span>
  ) : null;
  const cta =
    branding.cta_label && branding.cta_url ? (
      <a
        href={branding.cta_url}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="viewer-cta"
        className={cn('rounded-lg px-2.5 py-1.5 text-xs font-medium whitespace-nowrap shadow-sm sm:px-3 sm:text-sm', sidebar && 'md:w-full md:py-2 md:text-center')}
        style={style === 'solid' ? { background: fg, color } : { background: color, color: textOn(color) }}
      >
        {branding.cta_label}
      </a>
    ) : null;
  const banner =
    showBanner && branding.banner_url ? (
      // eslint-disable-next-line @next/next/no-img-element
      <img src={branding.banner_url} alt="" data-testid="viewer-banner" className="h-28 w-full object-cover sm:h-40" />
    ) : null;
  const main = <main className={cn('mx-auto w-full flex-1 px-3 py-4 sm:px-6 sm:py-6', wide ? 'max-w-7xl' : 'max-w-5xl')}>{children}</main>;
  // Empty on a team's custom domain (white label): no footer at all.
  const footer = (className?: string) =>
    words.poweredBy ? (
      <footer data-testid="viewer-powered-by" className={cn('py-4 text-center text-xs text-zinc-400', className)}>
        {words.poweredBy}
      </footer>
    ) : null;
  // The dashboard's brand-* utilities (tabs, radios, focus rings) follow the link's brand here.
  const tints = Object.fromEntries(
    Object.entries({ 50: 'white 90%', 100: 'white 80%', 200: 'white 65%', 500: 'white 0%', 600: 'white 0%', 700: 'black 15%' }).map(([step, mix]) => [`--color-brand-${step}`, `color-mix(in oklab, ${color}, ${mix})`]),
  );
  const frame = { lang, 'data-layout': preset, style: { ['--viewer-brand' as string]: color, ['--viewer-on-brand' as string]: textOn(color), ...tints } };
  const bar = style === 'solid' ? { background: color, color: fg } : undefined;

  if (sidebar) {
    return (
      <div {...frame} className="flex min-h-dvh flex-col bg-zinc-50 md:flex-row">
        <aside
          data-testid="viewer-header"
          data-style={style}
          className={cn(
            'flex h-14 shrink-0 items-center gap-3 px-4 sm:px-6 md:sticky md:top-0 md:h-dvh md:w-64 md:flex-col md:items-stretch md:gap-4 md:px-5 md:py-6',
            style === 'light' && 'border-b border-zinc-200 bg-white md:border-r md:border-b-0',
            style === 'minimal' && 'bg-transparent md:border-r md:border-zinc-200',
          )}
          style={bar}
        >
          {logo}
          {heading}
          <div className="ml-auto flex items-center gap-3 md:mt-auto md:ml-0 md:flex-col md:items-stretch">
            {who}
            {cta}
            {words.poweredBy && (
              <span className="hidden text-xs opacity-60 md:block" style={{ color: fg }}>
                {words.poweredBy}
              </span>
            )}
          </div>
        </aside>
        <div className="flex min-w-0 flex-1 flex-col">
          {banner}
          {main}
          {footer('md:hidden')}
        </div>
      </div>
    );
  }
  return (
    <div {...frame} className="flex min-h-dvh flex-col bg-zinc-50">
      <header
        data-testid="viewer-header"
        data-style={style}
        className={cn('flex items-center gap-3 px-4 sm:px-6', compact ? 'h-12' : 'h-14', style === 'light' && 'border-b border-zinc-200 bg-white', style === 'minimal' && 'bg-transparent')}
        style={bar}
      >
        {logo}
        {heading}
        <div className="ml-auto flex items-center gap-3">
          {who}
          {cta}
        </div>
      </header>
      {banner}
      {main}
      {footer()}
    </div>
  );
}

/** A centred card for gates and notices. */
export function ViewerCard({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('mx-auto mt-4 w-full max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-zinc-200 sm:mt-10 sm:p-8', className)}>{children}</div>;
}

/** A button in the brand's colour (plain HTML: works without script). */
export function BrandButton({ children, name, value, className }: { children: ReactNode; name?: string; value?: string; className?: string }) {
  return (
    <button
      type="submit"
      name={name}
      value={value}
      className={cn('inline-flex h-10 w-full items-center justify-center rounded-lg px-4 text-sm font-semibold shadow-sm transition-opacity hover:opacity-90', className)}
      style={{ background: 'var(--viewer-brand)', color: 'var(--viewer-on-brand)' }}
    >
      {children}
    </button>
  );
}
