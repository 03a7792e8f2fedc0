'use client';
// The viewer as a visitor would see it (header style, logo, banner, welcome message, call to
// action, the room's layout and the viewer's language) and the link's card as a chat app shows
// it when the link is pasted. Fed by `effective` (what visitors see now) or by the editor's
// unsaved values; nothing here is interactive.
import { FileText, Folder, Search } from 'lucide-react';
import { useIdentity } from '@/components/shell/team-context';
import { cn } from '@/lib/cn';
import type { PreviewModel } from './model';

/** The viewer's own texts in each language it speaks (a sample of them, for the preview). */
const TEXTS: Record<PreviewModel['default_language'], { all: string; search: string; documents: string; download: string; files: (n: number) => string }> = {
  en: { all: 'All documents', search: 'Search', documents: 'Documents', download: 'Download', files: (n) => `${n} files` },
  de: { all: 'Alle Dokumente', search: 'Suchen', documents: 'Dokumente', download: 'Herunterladen', files: (n) => `${n} Dateien` },
  fr: { all: 'Tous les documents', search: 'Rechercher', documents: 'Documents', download: 'Télécharger', files: (n) => `${n} fichiers` },
  es: { all: 'Todos los documentos', search: 'Buscar', documents: 'Documentos', download: 'Descargar', files: (n) => `${n} archivos` },
  it: { all: 'Tutti i documenti', search: 'Cerca', documents: 'Documenti', download: 'Scarica', files: (n) => `${n} file` },
  nl: { all: 'Alle documenten', search: 'Zoeken', documents: 'Documenten', download: 'Downloaden', files: (n) => `${n} bestanden` },
  pt: { all: 'Todos os documentos', search: 'Pesquisar', documents: 'Documentos', download: 'Baixar', files: (n) => `${n} arquivos` },
  ja: { all: 'すべての文書', search: '検索', documents: '文書', download: 'ダウンロード', files: (n) => `${n} 件のファイル` },
};

const ITEMS = [
  { kind: 'folder', name: 'Financials', files: 4 },
  { kind: 'folder', name: 'Legal', files: 7 },
  { kind: 'file', name: 'Teaser.pdf', meta: 'PDF · 12 pages' },
  { kind: 'file', name: 'Management presentation.pdf', meta: 'PDF · 28 pages' },
] as const;

/** Dark text on light colours, white on dark ones. */
export function textOn(hex: string): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return '#ffffff';
  const [r, g, b] = [m[1], m[2], m[3]].map((h) => {
    const c = parseInt(h!, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const lum = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  return lum > 0.45 ? '#18181b' : '#ffffff';
}

/** Where links point: the server's APP_URL (links' `url` uses it), scheme included, never the browser's guess. */
const useLinkOrigin = () => useIdentity().appUrl;
/** The origin as an address bar shows it: no `https://`, the scheme of anything else kept. */
const shown = (origin: string) => origin.replace(/^https:\/\//, '');

function Chrome({ children }: { children: React.ReactNode }) {
  const domain = shown(useLinkOrigin());
  return (
    <div className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-zinc-200">
      <div className="flex h-8 items-center gap-3 border-b border-zinc-200 bg-zinc-100 px-3" aria-hidden>
        <span className="flex gap-1.5">
          <span className="h-2.5 w-2.5 rounded-full bg-zinc-300" />
          <span className="h-2.5 w-2.5 rounded-full bg-zinc-300" />
          <span className="h-2.5 w-2.5 rounded-full bg-zinc-300" />
        </span>
        <span className="min-w-0 flex-1 truncate rounded-md bg-white px-2 py-0.5 text-[11px] text-zinc-500 ring-1 ring-zinc-200">{domain}/view/…</span>
      </div>
      {children}
    </div>
  );
}

export function ViewerPreview({ model, title, className }: { model: PreviewModel; title: string; className?: string }) {
  const t = TEXTS[model.default_language] ?? TEXTS.en;
  const color = model.brand_color;
  const on = textOn(color);
  const style = model.viewer_header_style;
  const compact = model.viewer_layout_preset === 'compact';
  const sidebar = model.viewer_layout_preset === 'sidebar';
  const tree = model.show_folder_tree;

  const cta = model.cta_label && (
    <span
      data-testid="preview-cta"
      title={model.cta_url ?? undefined}
      className={cn('inline-flex max-w-[45%] shrink-0 items-center truncate rounded-md px-2.5 py-1 text-xs font-semibold', style === 'minimal' && 'ring-1 ring-inset')}
      style={
        style === 'solid'
          ? { backgroundColor: '#ffffff', color: on === '#18181b' ? '#18181b' : color }
          : style === 'light'
            ? { backgroundColor: color, color: on }
            : { color, boxShadow: `inset 0 0 0 1px ${color}` }
      }
    >
      {model.cta_label}
    </span>
  );
  const logo = model.logo_url && (
    <img data-testid="preview-logo" src={model.logo_url} alt="Logo" className="h-6 max-w-[140px] object-contain object-left" />
  );

  const treeNav = tree && (
    <nav
      data-testid="preview-tree"
      aria-label="Folders (preview)"
      className={cn('shrink-0 text-xs', compact ? 'w-28 space-y-0.5' : 'w-32 space-y-1', sidebar && 'self-stretch rounded-lg p-2')}
      style={sidebar ? { backgroundColor: `${color}12` } : undefined}
    >
      <span className="block truncate rounded-md px-2 py-1 font-medium" style={{ backgroundColor: `${color}1f`, color: textOn(color) === '#ffffff' ? color : '#18181b' }}>
        {t.all}
      </span>
      {ITEMS.filter((i) => i.kind === 'folder').map((i) => (
        <span key={i.name} className="flex items-center gap-1.5 truncate px-2 py-1 text-zinc-600">
          <Folder className="h-3.5 w-3.5 shrink-0 text-zinc-400" aria-hidden />
          {i.name}
        </span>
      ))}
    </nav>
  );

  const items = (
    <div data-testid="preview-items" data-layout={model.card_layout} className={cn('min-w-0 flex-1', compact ? 'space-y-2' : 'space-y-3')}>
      <div className="flex h-7 items-center gap-1.5 rounded-md px-2 text-xs text-zinc-400 ring-1 ring-zinc-200">
        <Search className="h-3.5 w-3.5" aria-hidden />
        {t.search}
      </div>
      {model.card_layout === 'grid' ? (
        <ul className={cn('grid grid-cols-2', compact ? 'gap-1.5' : 'gap-2')}>
          {ITEMS.map((i) => (
            <li key={i.name} className={cn('min-w-0 rounded-lg ring-1 ring-zinc-200', compact ? 'p-2' : 'p-2.5')}>
              {!(i.kind === 'folder' && model.hide_folder_icons_in_main) && <ItemIcon kind={i.kind} color={color} className={compact ? 'mb-1 h-4 w-4' : 'mb-1.5 h-5 w-5'} />}
              <span className="block truncate text-xs font-medium text-zinc-800">{i.name}</span>
              <span className="block truncate text-[11px] text-zinc-500">{i.kind === 'folder' ? t.files(i.files) : i.meta}</span>
            </li>
          ))}
        </ul>
      ) : (
        <ul className="divide-y divide-zinc-100 rounded-lg ring-1 ring-zinc-200">
          {ITEMS.map((i) => (
            <li key={i.name} className={cn('flex items-center gap-2 px-2.5', compact ? 'py-1' : 'py-2')}>
              {!(i.kind === 'folder' && model.hide_folder_icons_in_main) && <ItemIcon kind={i.kind} color={color} className="h-4 w-4" />}
              <span className="min-w-0 flex-1 truncate text-xs font-medium text-zinc-800">{i.name}</span>
              <span className="hidden shrink-0 text-[11px] text-zinc-500 sm:inline">{i.kind === 'folder' ? t.files(i.files) : t.download}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );

  const intro = (
    <>
      <h3 className={cn('font-semibold text-zinc-900', compact ? 'text-sm' : 'text-base')}>{title}</h3>
      {model.welcome_message && (
        <p
          data-testid="preview-welcome"
          className="mt-2 rounded-md border-l-[3px] bg-zinc-50 px-3 py-2 text-xs leading-relaxed whitespace-pre-line text-zinc-700"
          style={{ borderLeftColor: color }}
        >
          {model.welcome_message}
        </p>
      )}
    </>
  );

  return (
    <figure data-testid="viewer-preview" data-language={model.default_language} className={className}>
      <Chrome>
        <div
          data-testid="preview-header"
          data-style={style}
          className={cn(
            'flex h-12 items-center justify-between gap-3 px-4',
            style === 'light' && 'border-b border-zinc-200 bg-white',
            style === 'minimal' && 'bg-transparent pt-2',
          )}
          style={style === 'solid' ? { backgroundColor: color, color: on } : undefined}
        >
          {logo ? style === 'solid' ? <span className="rounded-md bg-white px-2 py-1">{logo}</span> : logo : <span />}
          {cta}
        </div>
        {model.banner_url && (
          <img data-testid="preview-banner" src={model.banner_url} alt="Banner" className={cn('w-full object-cover', compact ? 'h-16' : 'h-24')} />
        )}
        <div className={cn(compact ? 'p-3' : 'p-4')}>
          {sidebar ? (
            <div className="flex gap-3">
              {treeNav}
              <div className="min-w-0 flex-1 space-y-3">
                <div>{intro}</div>
                {items}
              </div>
            </div>
          ) : (
            <>
              <div className={compact ? 'mb-2' : 'mb-3'}>{intro}</div>
              <div className="flex gap-3">
                {treeNav}
                {items}
              </div>
            </>
          )}
        </div>
      </Chrome>
      <figcaption className="sr-only">Preview of the viewer</figcaption>
    </figure>
  );
}

function ItemIcon({ kind, color, className }: { kind: 'folder' | 'file'; color: string; className?: string }) {
  return kind === 'folder' ? (
    <Folder className={cn('shrink-0', className)} style={{ color }} aria-hidden />
  ) : (
    <FileText className={cn('shrink-0 text-zinc-400', className)} aria-hidden />
  );
}

/** The link as a chat app shows it when pasted: favicon, site, title, description, image. */
export function LinkPreviewCard({ model, title, siteName }: { model: PreviewModel; title: string; siteName: string }) {
  const origin = useLinkOrigin();
  const cardTitle = model.link_preview_title ?? title;
  return (
    <figure data-testid="link-preview" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-zinc-200">
      <div className="flex gap-3">
        <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-md bg-emerald-600 text-xs font-semibold text-white" aria-hidden>
          AK
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-sm">
            <span className="font-semibold text-zinc-900">Alex Kim</span> <span className="text-xs text-zinc-400">10:42</span>
          </p>
          <p data-testid="link-preview-url" className="truncate text-sm text-sky-700">
            {origin}/view/…
          </p>
          <div className="mt-2 max-w-sm border-l-4 border-zinc-300 pl-3">
            <p className="flex items-center gap-1.5 text-xs font-semibold text-zinc-700">
              {model.link_preview_favicon_url && (
                <img data-testid="link-preview-favicon" src={model.link_preview_favicon_url} alt="" className="h-4 w-4 rounded-sm object-contain" />
              )}
              {siteName}
            </p>
            <p data-testid="link-preview-title" className="mt-1 text-sm font-semibold break-words text-sky-700">
              {cardTitle}
            </p>
            {model.link_preview_description && (
              <p data-testid="link-preview-description" className="mt-0.5 line-clamp-3 text-sm break-words text-zinc-600">
                {model.link_preview_description}
              </p>
            )}
            {model.link_preview_image_url && (
              <img data-testid="link-preview-image" src={model.link_preview_image_url} alt="" className="mt-2 aspect-[1200/630] w-full max-w-xs rounded-md object-cover ring-1 ring-zinc-200" />
            )}
            <p className="mt-1 text-[11px] text-zinc-400">{new URL(origin).host}</p>
          </div>
        </div>
      </div>
      <figcaption className="sr-only">Preview of the link when pasted in a chat</figcaption>
    </figure>
  );
}
