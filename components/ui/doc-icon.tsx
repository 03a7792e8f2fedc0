import {
  File,
  FileArchive,
  FileImage,
  FileSpreadsheet,
  FileText,
  FileVideo,
  Globe,
  Mail,
  Map as MapIcon,
  NotebookText,
  Presentation,
  type LucideIcon,
} from 'lucide-react';
import { cn } from '@/lib/cn';

// A document type's icon and colours (the labels: lib/shared/doc-type-labels.ts). Used by the
// dashboard and by the viewer's room tiles.
const ICONS: Record<string, { icon: LucideIcon; color: string }> = {
  pdf: { icon: FileText, color: 'text-red-600 bg-red-50' },
  docs: { icon: FileText, color: 'text-blue-600 bg-blue-50' },
  sheet: { icon: FileSpreadsheet, color: 'text-emerald-600 bg-emerald-50' },
  slides: { icon: Presentation, color: 'text-orange-600 bg-orange-50' },
  image: { icon: FileImage, color: 'text-violet-600 bg-violet-50' },
  video: { icon: FileVideo, color: 'text-pink-600 bg-pink-50' },
  zip: { icon: FileArchive, color: 'text-amber-700 bg-amber-50' },
  email: { icon: Mail, color: 'text-sky-600 bg-sky-50' },
  cad: { icon: MapIcon, color: 'text-teal-600 bg-teal-50' },
  text: { icon: FileText, color: 'text-zinc-600 bg-zinc-100' },
  link: { icon: Globe, color: 'text-brand-600 bg-brand-50' },
  notion: { icon: NotebookText, color: 'text-zinc-800 bg-zinc-100' },
  other: { icon: File, color: 'text-zinc-500 bg-zinc-100' },
};

export function DocIcon({ type, className }: { type: string; className?: string }) {
  const { icon: Icon, color } = ICONS[type] ?? ICONS.other!;
  return (
    <span className={cn('flex h-8 w-8 shrink-0 items-center justify-center rounded-lg', color, className)} aria-hidden>
      <Icon className="h-4 w-4" />
    </span>
  );
}
