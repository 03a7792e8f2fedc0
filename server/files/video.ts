// A video's duration read from its container, without decoding anything (no native binary):
// MP4 and QuickTime from the movie header box (moov/mvhd), WebM from the segment's Info element
// (TimecodeScale × Duration). Null when the container does not say (a WebM recorded by a
// browser's MediaRecorder has no Duration): the first play in the viewer reports it then
// (server/services/viewer/events.ts). Watch time is kept per 10-second segment, and a video's
// `num_pages` is its number of segments (DESIGN.md "Every file type viewable").

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

function mp4Duration(b: Uint8Array): number | null {
  for (const [type, s, e] of boxes(b, 0, b.length)) {
    if (type !== 'moov') continue;
    for (const [inner, cs] of boxes(b, s, e)) {
      if (inner !== 'mvhd') continue;
      const dv = view(b);
      const version = b[cs]!;
      const timescale = version === 1 ? dv.getUint32(cs + 20) : dv.getUint32(cs + 12);
      const duration = version === 1 ? Number(dv.getBigUint64(cs + 24)) : dv.getUint32(cs + 16);
      return timescale > 0 && duration > 0 && duration !== 0xffffffff ? (duration / timescale) * 1000 : null;
    }
  }
  return null;
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

function webmDuration(b: Uint8Array): number | null {
  let at = 0;
  const element = () => {
    const id = vint(b, at, true);
    const size = vint(b, at + id.length);
    const start = at + id.length + size.length;
    return { id: id.value, start, end: size.unknown ? b.length : Math.min(b.length, start + size.value) };
  };
  const head = element();
  if (head.id !== EBML) return null;
  at = head.end;
  const seg = element();
  if (seg.id !== SEGMENT) return null;
  at = seg.start;
  while (at < seg.end) {
    const el = element();
    if (el.id === INFO) {
      let scale = 1_000_000;
      let duration: number | null = null;
      at = el.start;
      while (at < el.end) {
        const f = element();
        const dv = view(b);
        if (f.id === TIMECODE_SCALE) {
          scale = 0;
          for (let i = f.start; i < f.end; i++) scale = scale * 256 + b[i]!;
        } else if (f.id === DURATION) {
          duration = f.end - f.start === 4 ? dv.getFloat32(f.start) : f.end - f.start === 8 ? dv.getFloat64(f.start) : null;
        }
        at = f.end;
      }
      return duration && scale ? (duration * scale) / 1e6 : null;
    }
    // Clusters come after Info; a file whose Info is not before the first cluster does not say.
    if (el.id === 0x1f43b675 || el.end <= at) return null;
    at = el.end;
  }
  return null;
}
