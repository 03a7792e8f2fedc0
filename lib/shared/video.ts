// Videos (issue 22), shared by the server, the viewer and the dashboard: which stored videos the
// viewer plays, and the 10-second segments their watch time is recorded in ("pages" of a video:
// segment N is page N, 0:00–0:10 is segment 1).

/** Videos the viewer plays as stored (no conversion): `ready` at once. */
export const PLAYABLE_VIDEO_TYPES: readonly string[] = ['video/mp4', 'video/webm', 'video/quicktime'];
export const isPlayableVideo = (d: { contentType: string; storageKey: string | null }) => !!d.storageKey && PLAYABLE_VIDEO_TYPES.includes(d.contentType);

/** Watch time is recorded per segment of this length. */
export const SEGMENT_MS = 10_000;

/** How many 10-second segments a video of this duration has (at least 1). */
export const segmentsOf = (durationMs: number) => Math.max(1, Math.ceil(durationMs / SEGMENT_MS));

/** m:ss (or h:mm:ss) of a time in seconds. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60));
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${mm.padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

/** Segment N as the stretch of the video it covers: "0:10–0:20" for segment 2. */
export const segmentLabel = (n: number) => `${clock(((n - 1) * SEGMENT_MS) / 1000)}–${clock((n * SEGMENT_MS) / 1000)}`;
