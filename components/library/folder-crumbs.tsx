// The "Documents › folder › folder" trail above a folder or a document.
import { ChevronRight } from 'lucide-react';
import Link from 'next/link';
import { folderHref } from './urls';

export function FolderCrumbs({ folders, trailingChevron = false }: { folders: { id: string; name: string }[]; trailingChevron?: boolean }) {
  return (
    <>
      <Link href="/documents" className="hover:text-zinc-800">
        Documents
      </Link>
      {folders.map((f) => (
        <span key={f.id} className="flex items-center gap-1">
          <ChevronRight className="h-3.5 w-3.5" aria-hidden />
          <Link href={folderHref(f.id)} className="hover:text-zinc-800">
            {f.name}
          </Link>
        </span>
      ))}
      {trailingChevron && <ChevronRight className="h-3.5 w-3.5" aria-hidden />}
    </>
  );
}
