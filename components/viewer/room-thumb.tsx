'use client';
// A room document's picture on its tile: the first page (documents with pages) or the image
// itself, through the viewer's own checked routes, in a placeholder of its shape while it loads;
// a video's poster (a frame of it, `videoSrc`, once the browser has one); the type's icon when
// there is nothing to show or the picture does not come.
import { useState } from 'react';
import { DocIcon } from '@/components/ui/doc-icon';
import { cn } from '@/lib/cn';
import { PageImg } from './page-img';
import { VideoPoster } from '@/components/ui/video-poster';

export function RoomThumb({ src, videoSrc, type, ratio, className, iconClassName }: { src: string | null; videoSrc?: string | null; type: string; ratio: number | null; className?: string; iconClassName?: string }) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  if (type === 'video') {
    return (
      <span className={cn('flex items-center justify-center', className)} data-testid="room-thumb" data-state="poster">
        <VideoPoster className="h-full" frameSrc={videoSrc} />
      </span>
    );
  }
  if (!src || state === 'failed') {
    return (
      <span className={cn('flex items-center justify-center', className)} data-testid="room-thumb" data-state="icon">
        <DocIcon type={type} className={iconClassName} />
      </span>
    );
  }
  return (
    <span className={cn('flex items-center justify-center', className)} data-testid="room-thumb" data-state={state}>
      <span
        className={cn('relative block max-h-full max-w-full overflow-hidden rounded-sm ring-1 ring-zinc-200', state === 'loaded' ? 'bg-white' : 'animate-pulse bg-zinc-200')}
        // The page's own shape, as tall as the space allows.
        style={{ aspectRatio: String(ratio ?? 1 / Math.SQRT2), height: '100%' }}
      >
        <PageImg src={src} alt="" loading="lazy" className="absolute inset-0 h-full w-full object-cover object-top" draggable={false} onReady={() => setState('loaded')} onFailed={() => setState('failed')} />
      </span>
    </span>
  );
}
