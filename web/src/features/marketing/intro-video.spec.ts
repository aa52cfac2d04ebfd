import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from '@jest/globals';

// The committed output of `npm run intro-video` (scripts/intro-video.mjs), as the pages serve it.
const media = join(import.meta.dirname, '../../../public/media');

/** The Segment Info's Duration (EBML id 0x4489, a float) times its TimecodeScale, in seconds. */
function webmSeconds(file: Buffer): number {
  const at = file.indexOf(Buffer.from([0x44, 0x89]));
  assert.ok(at > 0, 'no Duration element');
  const size = (file[at + 2] ?? 0) & 0x7f;
  const duration = size === 8 ? file.readDoubleBE(at + 3) : file.readFloatBE(at + 3);
  const scaleAt = file.indexOf(Buffer.from([0x2a, 0xd7, 0xb1]));
  let scale = 1_000_000;
  if (scaleAt > 0) {
    const length = (file[scaleAt + 3] ?? 0) & 0x7f;
    scale = file.readUIntBE(scaleAt + 4, length);
  }
  return (duration * scale) / 1e9;
}

describe('intro video (issue 17): WebM under 60 s and 3 MB, with a poster and WebVTT captions', () => {
  it('is a WebM file of at most 3 MB lasting under 60 seconds', () => {
    const video = readFileSync(join(media, 'intro.webm'));
    assert.deepEqual([...video.subarray(0, 4)], [0x1a, 0x45, 0xdf, 0xa3], 'EBML header');
    assert.ok(video.includes(Buffer.from('webm')), 'DocType webm');
    assert.ok(video.length < 3 * 1024 * 1024, `${video.length} bytes`);
    const seconds = webmSeconds(video);
    assert.ok(seconds > 10 && seconds < 60, `${seconds} s`);
  });

  it('has a WebP poster and English WebVTT captions whose cues end within the video', () => {
    const poster = readFileSync(join(media, 'intro-poster.webp'));
    assert.equal(poster.subarray(8, 12).toString('ascii'), 'WEBP');
    assert.ok(statSync(join(media, 'intro-poster.webp')).size < 100 * 1024);
    const captions = readFileSync(join(media, 'intro.en.vtt'), 'utf8');
    assert.match(captions, /^WEBVTT\n/);
    const ends = [...captions.matchAll(/--> (\d\d):(\d\d):(\d\d)\.\d{3}/g)].map(
      ([, h, m, s]) => Number(h) * 3600 + Number(m) * 60 + Number(s),
    );
    assert.ok(ends.length >= 5, `${ends.length} cues`);
    assert.ok(Math.max(...ends) <= webmSeconds(readFileSync(join(media, 'intro.webm'))) + 0.5);
  });
});
