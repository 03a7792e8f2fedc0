// The neutral poster of a video on a card (room tiles, lists): a dark 16:9 frame with a play
// mark in the brand's colour. No frame of the video is shown: extracting one needs a native
// decoder the project cannot install everywhere (docs/decisions.md, "Video").
import { Play } from 'lucide-react';
import { cn } from '@/lib/cn';

export function VideoPoster({ className }: { className?: string }) {
  return (
    <span
      data-testid="video-card-poster"
      className={cn('relative flex aspect-video max-h-full max-w-full items-center justify-center overflow-hidden rounded-md ring-1 ring-zinc-900/10', className)}
      style={{ background: 'radial-gradient(120% 90% at 50% 40%, color-mix(in srgb, var(--viewer-brand, #4f46e5) 55%, #18181b) 0%, #09090b 80%)' }}
    >
      <span className="flex aspect-square h-[38%] items-center justify-center rounded-full bg-white/95 shadow" style={{ color: 'var(--viewer-brand, #4f46e5)' }}>
        <Play className="ml-[6%] h-1/2 w-1/2 fill-current" aria-hidden />
      </span>
    </span>
  );
}
