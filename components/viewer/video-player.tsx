'use client';
// A video as the visitor watches it: the browser's own player (controls, keyboard, captions of
// the platform) fed by the viewer's range route (every range admitted again on the server), the
// link's watermark drawn over the picture, and a neutral poster in the viewer's brand until the
// first play (no frame is extracted: that would need a native decoder). Full screen is the
// player's frame, not the bare <video>, so the watermark stays on screen. Watch time goes out
// through the page-time beacon with the 10-second segment being watched as the "page".
import { Download, Maximize, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { clock, SEGMENT_MS } from '@/lib/shared/video';
import { usePageTime } from './use-page-time';
import { WatermarkOverlay, type OverlayWatermark } from './watermark-overlay';

/** A 16:9 frame's height against its width (the longer side the watermark is sized on): the watermark keeps its size against the height. */
const VIDEO_WATERMARK_SCALE = 9 / 16;

export type VideoPlayerWords = { playVideo: string; fullScreen: string; download: string };

export function VideoPlayer({
  src,
  name,
  downloadUrl,
  downloadNote = null,
  watermark,
  viewId,
  eventsUrl,
  words,
}: {
  /** The range route: /view/{slug}/video or /view/{slug}/d/{item}/video. */
  src: string;
  name: string;
  downloadUrl: string | null;
  /** Why there is no download (a watermarked link), shown beside the buttons. */
  downloadNote?: string | null;
  watermark: OverlayWatermark | null;
  viewId: string;
  eventsUrl: string | null;
  words: VideoPlayerWords;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [started, setStarted] = useState(false);
  const [segment, setSegment] = useState(1);
  const [duration, setDuration] = useState<number | null>(null);

  usePageTime(eventsUrl, viewId, segment, {
    counting: () => {
      const v = video.current;
      return !!v && !v.paused && !v.ended && v.readyState >= 2;
    },
  });

  useEffect(() => {
    // The metadata may have loaded before hydration attached the listener.
    const v = video.current;
    if (v && Number.isFinite(v.duration) && v.duration > 0) onMetadata();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function onMetadata() {
    const d = video.current?.duration;
    if (d && Number.isFinite(d) && d > 0) {
      setDuration(d);
    }
  }

  function onTime() {
    const v = video.current;
    if (v) setSegment(Math.floor((v.currentTime * 1000) / SEGMENT_MS) + 1);
  }

  function start() {
    setStarted(true);
    const v = video.current;
    if (!v) return;
    v.focus();
    void v.play().catch(() => {});
  }

  function fullScreen() {
    const f = frame.current;
    if (!f) return;
    if (document.fullscreenElement) void document.exitFullscreen();
    else void f.requestFullscreen?.().catch(() => {});
  }

  const button =
    'inline-flex h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-zinc-700 ring-1 ring-zinc-200 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-offset-2';

  return (
    <div className="flex flex-col gap-3" data-testid="video-viewer">
      <div className="flex items-center justify-end gap-2">
        {downloadNote ? (
          <p className="mr-auto text-xs text-zinc-500" data-testid="no-download">
            {downloadNote}
          </p>
        ) : null}
        <button type="button" onClick={fullScreen} className={button} data-testid="video-fullscreen">
          <Maximize className="h-4 w-4" aria-hidden /> <span className="hidden sm:inline">{words.fullScreen}</span>
          <span className="sr-only sm:hidden">{words.fullScreen}</span>
        </button>
        {downloadUrl ? (
          <a href={downloadUrl} data-testid="download" className="inline-flex h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-medium shadow-sm" style={{ background: 'var(--viewer-brand)', color: 'var(--viewer-on-brand)' }}>
            <Download className="h-4 w-4" aria-hidden /> {words.download}
          </a>
        ) : null}
      </div>
      <div ref={frame} className="relative mx-auto w-full max-w-5xl overflow-hidden rounded-xl bg-black shadow-md ring-1 ring-zinc-200 [&:fullscreen]:max-w-none [&:fullscreen]:rounded-none">
        <video
          ref={video}
          src={src}
          controls={started}
          controlsList="nodownload nofullscreen noremoteplayback"
          disablePictureInPicture
          playsInline
          preload="metadata"
          aria-label={name}
          data-testid="video"
          className="block aspect-video max-h-[80dvh] w-full bg-black object-contain"
          onContextMenu={(e) => e.preventDefault()}
          onLoadedMetadata={onMetadata}
          onDurationChange={onMetadata}
          onTimeUpdate={onTime}
          onPlay={() => setStarted(true)}
        />
        {!started ? (
          <button
            type="button"
            onClick={start}
            data-testid="video-poster"
            aria-label={`${words.playVideo}: ${name}`}
            className="group absolute inset-0 flex flex-col items-center justify-center gap-3 text-white focus-visible:outline-none"
            style={{ background: 'radial-gradient(120% 90% at 50% 40%, color-mix(in srgb, var(--viewer-brand) 55%, #18181b) 0%, #09090b 75%)' }}
          >
            <span className="flex h-16 w-16 items-center justify-center rounded-full bg-white/95 shadow-lg ring-4 ring-white/20 transition group-hover:scale-105 group-focus-visible:ring-white sm:h-20 sm:w-20" style={{ color: 'var(--viewer-brand)' }}>
              <Play className="ml-1 h-7 w-7 fill-current sm:h-9 sm:w-9" aria-hidden />
            </span>
            <span className="max-w-[80%] truncate px-4 text-sm font-medium text-white/90 sm:text-base">{name}</span>
            {duration ? <span className="rounded bg-black/40 px-2 py-0.5 text-xs tabular-nums text-white/80">{clock(duration)}</span> : null}
          </button>
        ) : null}
        {watermark ? <WatermarkOverlay wm={watermark} scale={VIDEO_WATERMARK_SCALE} /> : null}
      </div>
    </div>
  );
}
