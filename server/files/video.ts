// A video's duration read from its container, without decoding anything (no native binary):
// MP4 and QuickTime from the movie header box (moov/mvhd), else the fragments' declared length
// (mvex/mehd), else the longest track (trak/mdia/mdhd); WebM from the segment's Info element
// (TimecodeScale × Duration), else, for a file that does not say (a browser's MediaRecorder
// writes none), the last timestamp of its blocks, found by walking the clusters' element headers
// (the frames are skipped, never read). Null when none of that is there: the video is then one
// segment, and what a visitor's player reports is never stored (issue 43). Watch time is kept per
// 10-second segment, and a video's `num_pages` is its number of segments (DESIGN.md "Every file
// type viewable").

export { SEGMENT_MS, segmentsOf } from '../../lib/shared/video';

/** Longer durations (read or reported) are not believed: 12 hours. */
export const MAX_VIDEO_MS = 12 * 3600 * 1000;

/** A plausible duration in whole ms, or null. */
export function boundedDuration(ms: number): number | null {
  return Number.isFinite(ms) && ms > 0 && ms <= MAX_VIDEO_MS ? Math.round(ms) : null;
}

export function videoDurationMs(bytes: Uint8Array, contentType: string): number | null {
  try {
    const ms = contentType === 'video/webm' ? webmDuration(bytes) : mp4Duration(bytes);
    return ms === null ? null : boundedDuration(ms);
  } catch {
    return null;
  }
}

const view = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength);

/** The boxes inside [start, end): [type, content start, content end]. */
function* boxes(b: Uint8Array, start: number, end: number): Generator<[string, number, number]> {
  const dv = view(b);
  let at = start;
  while (at + 8 <= end) {
    let size = dv.getUint32(at);
    const type = String.fromCharCode(b[at + 4]!, b[at + 5]!, b[at + 6]!, b[at + 7]!);
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) return;
      size = Number(dv.getBigUint64(at + 8));
      header = 16;
    } else if (size === 0) size = end - at;
    if (size < header || at + size > end) return;
    yield [type, at + header, at + size];
    at += size;
  }
}

/** A full box's (version, timescale, duration) header as mvhd and mdhd share it. */
function timedHeader(b: Uint8Array, cs: number): { timescale: number; duration: number } {
  const dv = view(b);
  const version = b[cs]!;
  return version === 1 ? { timescale: dv.getUint32(cs + 20), duration: Number(dv.getBigUint64(cs + 24)) } : { timescale: dv.getUint32(cs + 12), duration: dv.getUint32(cs + 16) };
}

const msOf = ({ timescale, duration }: { timescale: number; duration: number }) =>
  timescale > 0 && duration > 0 && duration !== 0xffffffff && duration !== Number.MAX_SAFE_INTEGER ? (duration / timescale) * 1000 : null;

function child(b: Uint8Array, s: number, e: number, type: string): [number, number] | null {
  for (const [t, cs, ce] of boxes(b, s, e)) if (t === type) return [cs, ce];
  return null;
}

function mp4Duration(b: Uint8Array): number | null {
  const moov = child(b, 0, b.length, 'moov');
  if (!moov) return null;
  const mvhd = child(b, moov[0], moov[1], 'mvhd');
  const movie = mvhd ? timedHeader(b, mvhd[0]) : null;
  const whole = movie ? msOf(movie) : null;
  if (whole !== null) return whole;
  // A fragmented file: its declared length (mehd, in the movie's timescale).
  const mvex = child(b, moov[0], moov[1], 'mvex');
  const mehd = mvex && child(b, mvex[0], mvex[1], 'mehd');
  if (mehd && movie) {
    const dv = view(b);
    const fragments = msOf({ timescale: movie.timescale, duration: b[mehd[0]] === 1 ? Number(dv.getBigUint64(mehd[0] + 4)) : dv.getUint32(mehd[0] + 4) });
    if (fragments !== null) return fragments;
  }
  // The longest track, each in its own timescale.
  let longest: number | null = null;
  for (const [type, ts, te] of boxes(b, moov[0], moov[1])) {
    if (type !== 'trak') continue;
    const mdia = child(b, ts, te, 'mdia');
    const mdhd = mdia && child(b, mdia[0], mdia[1], 'mdhd');
    const ms = mdhd ? msOf(timedHeader(b, mdhd[0])) : null;
    if (ms !== null && (longest === null || ms > longest)) longest = ms;
  }
  return longest;
}

/** An EBML variable-length integer at `at`: its value (marker bit dropped unless `keepMarker`) and length. */
function vint(b: Uint8Array, at: number, keepMarker = false): { value: number; length: number; unknown: boolean } {
  const first = b[at]!;
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8 || at + length > b.length) throw new Error('bad vint');
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + b[at + i]!;
    if (b[at + i] !== 0xff) allOnes = false;
  }
  return { value, length, unknown: allOnes };
}

const EBML = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const CLUSTER = 0x1f43b675;
const TIMECODE = 0xe7;
const SIMPLE_BLOCK = 0xa3;
const BLOCK_GROUP = 0xa0;
const BLOCK = 0xa1;
const BLOCK_DURATION = 0x9b;
/** The Segment's children: one of them ends a cluster of unknown size (a live recording's). */
const TOP_LEVEL = new Set([0x114d9b74, INFO, 0x1654ae6b, CLUSTER, 0x1c53bb6b, 0x1941a469, 0x1043a770, 0x1254c367]);

const uint = (b: Uint8Array, s: number, e: number) => {
  let v = 0;
  for (let i = s; i < e; i++) v = v * 256 + b[i]!;
  return v;
};

function webmDuration(b: Uint8Array): number | null {
  let at = 0;
  const element = () => {
    const id = vint(b, at, true);
    const size = vint(b, at + id.length);
    const start = at + id.length + size.length;
    return { id: id.value, start, end: size.unknown ? b.length : Math.min(b.length, start + size.value), unknown: size.unknown };
  };
  /** A block's timestamp: its cluster's plus the signed 16 bits after its track number. */
  const blockTime = (start: number, end: number, cluster: number) => {
    const track = vint(b, start);
    const rel = start + track.length + 2 <= end ? view(b).getInt16(start + track.length) : 0;
    return cluster + rel;
  };
  const head = element();
  if (head.id !== EBML) return null;
  at = head.end;
  const seg = element();
  if (seg.id !== SEGMENT) return null;
  at = seg.start;
  let scale = 1_000_000;
  let last = -1;
  while (at < seg.end) {
    const el = element();
    if (el.id === INFO) {
      let duration: number | null = null;
      at = el.start;
      while (at < el.end) {
        const f = element();
        if (f.id === TIMECODE_SCALE) scale = uint(b, f.start, f.end);
        else if (f.id === DURATION) duration = f.end - f.start === 4 ? view(b).getFloat32(f.start) : f.end - f.start === 8 ? view(b).getFloat64(f.start) : null;
        if (f.end <= at) return null;
        at = f.end;
      }
      if (!scale) return null;
      if (duration) return (duration * scale) / 1e6;
      continue;
    }
    if (el.id === CLUSTER) {
      // Its children up to its end, or (size unknown) up to the next top-level element.
      let time = 0;
      at = el.start;
      while (at < el.end) {
        if (el.unknown && TOP_LEVEL.has(vint(b, at, true).value)) break;
        const c = element();
        if (c.id === TIMECODE) time = uint(b, c.start, c.end);
        else if (c.id === SIMPLE_BLOCK) last = Math.max(last, blockTime(c.start, c.end, time));
        else if (c.id === BLOCK_GROUP) {
          let t = -1;
          let d = 0;
          at = c.start;
          while (at < c.end) {
            const g = element();
            if (g.id === BLOCK) t = blockTime(g.start, g.end, time);
            else if (g.id === BLOCK_DURATION) d = uint(b, g.start, g.end);
            if (g.end <= at) break;
            at = g.end;
          }
          if (t >= 0) last = Math.max(last, t + d);
        }
        if (c.end <= at && c.id !== BLOCK_GROUP) return null;
        at = c.end;
      }
      continue;
    }
    if (el.end <= at) return null;
    at = el.end;
  }
  return last > 0 && scale ? (last * scale) / 1e6 : null;
}
