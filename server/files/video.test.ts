import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { boundedDuration, segmentsOf, videoDurationMs } from './video';
import { segmentLabel } from '../../lib/shared/video';

const WEBM = fs.readFileSync(path.join(__dirname, '../../tests/fixtures/countdown.webm'));

function box(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

function mvhd(version: 0 | 1, timescale: number, duration: number): Buffer {
  const b = Buffer.alloc(version === 1 ? 112 : 100);
  b[0] = version;
  if (version === 1) {
    b.writeUInt32BE(timescale, 20);
    b.writeBigUInt64BE(BigInt(duration), 24);
  } else {
    b.writeUInt32BE(timescale, 12);
    b.writeUInt32BE(duration, 16);
  }
  return box('mvhd', b);
}

const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isommp41', 'latin1'));

describe('video durations from the container', () => {
  it('reads mp4/mov movie headers, version 0 and 1, wherever moov sits', () => {
    expect(videoDurationMs(Buffer.concat([ftyp, box('moov', mvhd(0, 600, 15_000))]), 'video/mp4')).toBe(25_000);
    expect(videoDurationMs(Buffer.concat([ftyp, box('mdat', Buffer.alloc(500)), box('moov', mvhd(1, 90_000, 90_000 * 61))]), 'video/quicktime')).toBe(61_000);
  });

  it('reads a WebM Info Duration (TimecodeScale ms)', () => {
    expect(videoDurationMs(WEBM, 'video/webm')).toBe(14_000);
  });

  it('an mp4 whose movie header has no length: the fragments’ declared length, else the longest track', () => {
    const mehd = box('mehd', Buffer.from([0, 0, 0, 0, 0, 0, 0x75, 0x30])); // 30,000 in the movie's timescale
    expect(videoDurationMs(Buffer.concat([ftyp, box('moov', Buffer.concat([mvhd(0, 1000, 0), box('mvex', mehd)]))]), 'video/mp4')).toBe(30_000);
    const track = (timescale: number, duration: number) => box('trak', box('mdia', box('mdhd', mvhd(0, timescale, duration).subarray(8))));
    expect(videoDurationMs(Buffer.concat([ftyp, box('moov', Buffer.concat([mvhd(0, 1000, 0), track(48_000, 48_000 * 9), track(90_000, 90_000 * 12)]))]), 'video/mp4')).toBe(12_000);
  });

  it('a live-recorded WebM (no Duration, segment and clusters of unknown size): the last block’s timestamp', () => {
    const el = (id: number[], body: Buffer, unknown = false) => {
      const size = unknown ? Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]) : Buffer.from([0x40 | (body.length >> 8), body.length & 0xff]);
      return Buffer.concat([Buffer.from(id), size, body]);
    };
    const simpleBlock = (track: number, rel: number) => el([0xa3], Buffer.from([0x80 | track, (rel >> 8) & 0xff, rel & 0xff, 0x80, 1, 2, 3]));
    const cluster = (time: number, rels: number[]) => el([0x1f, 0x43, 0xb6, 0x75], Buffer.concat([el([0xe7], Buffer.from([time >> 8, time & 0xff])), ...rels.map((r) => simpleBlock(1, r))]), true);
    const header = el([0x1a, 0x45, 0xdf, 0xa3], el([0x42, 0x82], Buffer.from('webm')));
    const info = el([0x15, 0x49, 0xa9, 0x66], el([0x2a, 0xd7, 0xb1], Buffer.from([0x0f, 0x42, 0x40]))); // TimecodeScale 1 ms, no Duration
    const recording = Buffer.concat([header, el([0x18, 0x53, 0x80, 0x67], Buffer.concat([info, cluster(0, [0, 33, 66]), cluster(20_000, [0, 500, 1234])]), true)]);
    expect(videoDurationMs(recording, 'video/webm')).toBe(21_234);
    // The fixture with its Duration turned into Void: read from its blocks.
    const bare = Buffer.from(WEBM);
    bare[bare.indexOf(Buffer.from([0x44, 0x89, 0x88]))] = 0xec;
    expect(videoDurationMs(bare, 'video/webm')).toBe(14_194);
  });

  it('says nothing for truncated, lying or absurd files instead of throwing', () => {
    expect(videoDurationMs(ftyp, 'video/mp4')).toBeNull();
    expect(videoDurationMs(Buffer.concat([ftyp, box('moov', mvhd(0, 0, 100))]), 'video/mp4')).toBeNull();
    expect(videoDurationMs(Buffer.concat([ftyp, box('moov', mvhd(0, 1, 0xfffffffe))]), 'video/mp4')).toBeNull();
    const lying = Buffer.concat([ftyp, box('moov', mvhd(0, 1000, 5000))]);
    lying.writeUInt32BE(0xffffff, ftyp.length); // moov claims more bytes than the file has
    expect(videoDurationMs(lying, 'video/mp4')).toBeNull();
    expect(videoDurationMs(WEBM.subarray(0, 30), 'video/webm')).toBeNull();
    expect(videoDurationMs(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0xff]), 'video/webm')).toBeNull();
  });

  it('bounds durations and counts 10-second segments', () => {
    expect(boundedDuration(Number.NaN)).toBeNull();
    expect(boundedDuration(-1)).toBeNull();
    expect(boundedDuration(13 * 3600 * 1000)).toBeNull();
    expect(boundedDuration(1234.6)).toBe(1235);
    expect([segmentsOf(1), segmentsOf(10_000), segmentsOf(10_001), segmentsOf(25_000)]).toEqual([1, 1, 2, 3]);
    expect([segmentLabel(1), segmentLabel(2), segmentLabel(7), segmentLabel(361)]).toEqual(['0:00–0:10', '0:10–0:20', '1:00–1:10', '1:00:00–1:00:10']);
  });
});
