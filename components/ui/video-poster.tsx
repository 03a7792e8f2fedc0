'use client';
// The poster of a video on a card (room tiles, lists): a dark 16:9 frame with a play mark in the
// brand's colour, and, given `frameSrc` (the viewer's checked range route), a real frame of the
// video drawn by the browser itself once the card comes near the screen: the video element loads
// its metadata and the frame at 1 s (a media fragment), through the same range requests and checks
// as the player. No server-side extraction: that needs a native decoder the project cannot install
// everywhere (docs/decisions.md, "Video"). A video the browser cannot decode keeps the neutral poster.
import { Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';

/** Where on the video the card's frame is taken (past a fade-in from black, within any real video). */
const FRAME_AT_SECONDS = 1;

export function VideoPoster({ className, frameSrc }: { className?: string; frameSrc?: string | null }) {
  const box = useRef<HTMLSpanElement>(null);
  const [near, setNear] = useState(false);
  const [loaded, setLoaded] = useState<'shown' | 'failed' | null>(null);
  const frame = loaded ?? (near && frameSrc ? 'loading' : 'none');
  useEffect(() => {
    const el = box.current;
    if (!frameSrc || !el) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        setNear(true);
        io.disconnect();
      }
    }, { rootMargin: '200px' });
    io.observe(el);
    return () => io.disconnect();
  }, [frameSrc]);
  return (
    <span
      ref={box}
      data-testid="video-card-poster"
      data-frame={frame}
      className={cn('relative flex aspect-video max-h-full max-w-full items-center justify-center overflow-hidden rounded-md ring-1 ring-zinc-900/10', className)}
      style={{ background: 'radial-gradient(120% 90% at 50% 40%, color-mix(in srgb, var(--viewer-brand, #4f46e5) 55%, #18181b) 0%, #09090b 80%)' }}
    >
      {near && frameSrc && frame !== 'failed' ? (
        <video
          src={`${frameSrc}#t=${FRAME_AT_SECONDS}`}
          muted
          playsInline
          preload="metadata"
          disablePictureInPicture
          aria-hidden
          tabIndex={-1}
          data-testid="video-card-frame"
          className={cn('pointer-events-none absolute inset-0 h-full w-full bg-black object-cover transition-opacity duration-300', frame === 'shown' ? 'opacity-100' : 'opacity-0')}
          onLoadedData={() => setLoaded('shown')}
          onError={() => setLoaded('failed')}
        />
      ) : null}
      <span className="relative flex aspect-square h-[38%] items-center justify-center rounded-full bg-white/95 shadow" style={{ color: 'var(--viewer-brand, #4f46e5)' }}>
        <Play className="ml-[6%] h-1/2 w-1/2 fill-current" aria-hidden />
      </span>
    </span>
  );
}
