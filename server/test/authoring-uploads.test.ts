/**
 * Uploads: the request says the kind of file (shared-api/uploads: image or audio), the type is read from the content
 * and must be one of that kind's, sizes are bounded, media are content-addressed and immutable.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { media } from '../src/db/schema.ts';
import { newId } from '../src/ids.ts';
import { sniffMedia } from '../src/authoring/uploads.ts';
import { buildWorld, createExam, MP3, PNG, upload, type World } from './authoring-support.ts';

let w: World;
let exam: string;
before(async () => {
  w = await buildWorld();
  exam = (await createExam(w.t, w.institute, { title: 'Uploads' })).data._id;
});
after(async () => { await w?.t.close(); });

const mediaCount = async () => Number((await w.t.db.select({ n: sql<number | string>`count(*)` }).from(media))[0]!.n);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A frame-sync MP3 (MPEG-1 layer III, 128 kbit/s, 44.1 kHz) padded to `size` bytes. */
function mp3Frames(size: number): Buffer {
  const b = Buffer.alloc(size, 0x55);
  b[0] = 0xff; b[1] = 0xfb; b[2] = 0x90; b[3] = 0x64;
  return b;
}
/** A PNG signature + IHDR padded to `size` bytes. */
function pngOf(size: number): Buffer {
  const b = Buffer.alloc(size, 0);
  PNG.copy(b, 0, 0, Math.min(PNG.length, 33));
  return b;
}

describe('sniffMedia (magic bytes)', () => {
  test('recognises the accepted kinds and nothing else', () => {
    const riff = (form: string) => Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from(form), Buffer.alloc(8)]);
    const cases: [Buffer, string | null][] = [
      [PNG, 'png'],
      [Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]), 'jpg'],
      [Buffer.from('GIF89a\x01\x00\x01\x00'), 'gif'],
      [riff('WEBP'), 'webp'],
      [MP3, 'mp3'],
      [mp3Frames(64), 'mp3'],
      [Buffer.concat([Buffer.from('OggS'), Buffer.alloc(20)]), 'ogg'],
      [riff('WAVE'), 'wav'],
      [Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypM4A '), Buffer.alloc(20)]), 'm4a'],
      [Buffer.from('hello, I am a text file pretending to be a png'), null],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), null],
      [Buffer.from([0xff, 0xf1, 0x50, 0x80, 0, 0, 0]), null], // AAC ADTS, not MPEG audio
      [riff('AVI '), null],
      [Buffer.alloc(0), null],
    ];
    for (const [buf, ext] of cases) assert.equal(sniffMedia(buf)?.ext ?? null, ext, buf.subarray(0, 12).toString('hex'));
  });
});

describe('POST upload-file', () => {
  test('an image and an audio file: content-addressed URLs served immutable', async () => {
    const img = await upload(w.t, w.institute, exam, 'description', { data: PNG, filename: 'photo.jpg', contentType: 'image/jpeg' }, 'image');
    assert.equal(img.statusCode, 200, img.body);
    assert.deepEqual(img.data, { field_name: 'description', url: `/media/${sha(PNG)}.png` });
    const aud = await upload(w.t, w.institute, exam, 'listening', { data: MP3, filename: 'x.bin', contentType: 'application/octet-stream' }, 'audio');
    assert.deepEqual(aud.data, { field_name: 'listening', url: `/media/${sha(MP3)}.mp3` });
    const got = await w.t.app.inject({ url: aud.data.url });
    assert.equal(got.statusCode, 200);
    assert.equal(got.headers['content-type'], 'audio/mpeg');
    assert.equal(got.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.ok(got.rawPayload.equals(MP3));
    const range = await w.t.app.inject({ url: aud.data.url, headers: { range: 'bytes=0-9' } });
    assert.equal(range.statusCode, 206);
    // the same bytes again: same URL, one stored copy
    const before = await mediaCount();
    const again = await upload(w.t, w.institute, exam, 'listening', { data: MP3, filename: 'again.mp3' }, 'audio');
    assert.equal(again.data.url, aud.data.url);
    assert.equal(await mediaCount(), before);
  });

  test('the kind the request says decides what is accepted, whatever the field is called', async () => {
    const before = await mediaCount();
    const asAudio = await upload(w.t, w.institute, exam, 'description', { data: mp3Frames(1500), filename: 'd.mp3' }, 'audio');
    assert.equal(asAudio.statusCode, 200, asAudio.body);
    assert.match(asAudio.data.url, /\.mp3$/);
    const asImage = await upload(w.t, w.institute, exam, 'option1_listening', { data: pngOf(2000), filename: 'o.png' }, 'image');
    assert.equal(asImage.statusCode, 200, asImage.body);
    assert.match(asImage.data.url, /\.png$/);
    const refused = await upload(w.t, w.institute, exam, 'listening', { data: pngOf(2001), filename: 'l.png' }, 'audio');
    assert.deepEqual([refused.statusCode, refused.data], [400, { error: 'Listening only supports type of mp3, ogg, wav, m4a' }]);
    assert.equal(await mediaCount(), before + 2);
  });

  test('option fields take an image or audio; frame-sync MP3 without ID3', async () => {
    const a = await upload(w.t, w.institute, exam, 'option1', { data: PNG, filename: 'a.png' }, 'image');
    assert.equal(a.statusCode, 200);
    const b = await upload(w.t, w.institute, exam, 'option2', { data: mp3Frames(2000), filename: 'b.mp3' }, 'audio');
    assert.equal(b.statusCode, 200, b.body);
    assert.match(b.data.url, /\.mp3$/);
    const c = await upload(w.t, w.institute, exam, 'option3_listening', { data: mp3Frames(3000), filename: 'c.mp3' }, 'audio');
    assert.equal(c.statusCode, 200);
  });

  test('disguised files are refused by their content', async () => {
    const before = await mediaCount();
    const cases: [string, string, Buffer, string, string, string][] = [
      ['listening', 'audio', PNG, 'song.mp3', 'audio/mpeg', 'Listening only supports type of mp3, ogg, wav, m4a'],
      ['description', 'image', Buffer.from('just some text, not an image at all'), 'picture.png', 'image/png', 'Image only supports type of png, jpeg, gif, webp'],
      ['main_heading', 'image', MP3, 'heading.png', 'image/png', 'Image only supports type of png, jpeg, gif, webp'],
      ['main_heading', 'image', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.svg', 'image/svg+xml', 'Image only supports type of png, jpeg, gif, webp'],
      ['option1', 'image', Buffer.from('MZ\x90\x00 executable'), 'x.png', 'image/png', 'Image only supports type of png, jpeg, gif, webp'],
      ['option2', 'audio', Buffer.from('MZ\x90\x00 executable'), 'x.mp3', 'audio/mpeg', 'Listening only supports type of mp3, ogg, wav, m4a'],
    ];
    for (const [name, kind, data, filename, contentType, error] of cases) {
      const r = await upload(w.t, w.institute, exam, name, { data, filename, contentType }, kind);
      assert.equal(r.statusCode, 400, `${name} ${filename}`);
      assert.deepEqual(r.data, { error });
    }
    assert.equal(await mediaCount(), before);
  });

  test('oversized files are refused with the limit in KB', async () => {
    const before = await mediaCount();
    const big = await upload(w.t, w.institute, exam, 'listening', { data: mp3Frames(1.1 * 1024 * 1024), filename: 'long.mp3', contentType: 'audio/mpeg' }, 'audio');
    assert.equal(big.statusCode, 400);
    assert.deepEqual(big.data, { error: 'Listening cannot exceed 1024KB' });
    const img = await upload(w.t, w.institute, exam, 'description', { data: pngOf(800 * 1024), filename: 'big.png', contentType: 'image/png' }, 'image');
    assert.equal(img.statusCode, 400);
    assert.deepEqual(img.data, { error: 'Image cannot exceed 700KB' });
    const opt = await upload(w.t, w.institute, exam, 'option4', { data: pngOf(716801), filename: 'big.png' }, 'image');
    assert.deepEqual(opt.data, { error: 'Image cannot exceed 700KB' });
    const huge = await upload(w.t, w.institute, exam, 'listening', { data: mp3Frames(3 * 1024 * 1024), filename: 'huge.mp3' }, 'audio');
    assert.deepEqual(huge.data, { error: 'Listening cannot exceed 1024KB' });
    assert.equal(await mediaCount(), before);
    // exactly at the limits: accepted
    assert.equal((await upload(w.t, w.institute, exam, 'description', { data: pngOf(716800), filename: 'max.png' }, 'image')).statusCode, 200);
    assert.equal((await upload(w.t, w.institute, exam, 'listening', { data: mp3Frames(1048576), filename: 'max.mp3' }, 'audio')).statusCode, 200);
  });

  test('missing or malformed parts', async () => {
    const noName = await upload(w.t, w.institute, exam, undefined, { data: PNG, filename: 'a.png' }, 'image');
    assert.deepEqual(noName.data, { error: 'Name cannot be empty.' });
    const noFile = await upload(w.t, w.institute, exam, 'description', undefined, 'image');
    assert.deepEqual(noFile.data, { error: 'File cannot be empty.' });
    const empty = await upload(w.t, w.institute, exam, 'description', { data: Buffer.alloc(0), filename: 'a.png' }, 'image');
    assert.deepEqual(empty.data, { error: 'File cannot be empty.' });
    const badName = await upload(w.t, w.institute, exam, '../../etc/passwd', { data: PNG, filename: 'a.png' }, 'image');
    assert.deepEqual(badName.data, { error: ' Invalid Name.' });
    const noKind = await upload(w.t, w.institute, exam, 'description', { data: PNG, filename: 'a.png' }, undefined);
    assert.deepEqual([noKind.statusCode, noKind.data], [400, { error: 'Kind cannot be empty.' }]);
    for (const kind of ['picture', 'video', 'IMAGE']) {
      const bad = await upload(w.t, w.institute, exam, 'description', { data: PNG, filename: 'a.png' }, kind);
      assert.deepEqual([bad.statusCode, bad.data], [400, { error: ' Invalid Kind.' }], kind);
    }
    const json = await w.t.app.inject({
      method: 'POST', url: `/api/upload-file/${exam}/${w.institute.id}`, payload: { name: 'x' },
      headers: { authorization: `Bearer ${w.institute.token}` },
    });
    assert.equal(json.statusCode, 400);
  });

  test('only the owner or an admin uploads to an exam', async () => {
    const file = { data: PNG, filename: 'a.png' };
    assert.equal((await upload(w.t, w.admin, exam, 'description', file, 'image')).statusCode, 200);
    assert.equal((await upload(w.t, w.other, exam, 'description', file, 'image')).statusCode, 404, 'another institute\'s private exam');
    assert.equal((await upload(w.t, w.institute, w.demoExam, 'description', file, 'image')).statusCode, 403, 'shared, read-only');
    assert.equal((await upload(w.t, w.student, exam, 'description', file, 'image')).statusCode, 403, 'students');
    assert.equal((await upload(w.t, w.institute, newId(), 'description', file, 'image')).statusCode, 404);
  });

  test('a media path never escapes the store', async () => {
    for (const url of [
      '/media/../package.json', '/media/..%2F..%2Fpackage.json', '/media/%2e%2e/%2e%2e/etc/passwd',
      `/media/${sha(PNG)}.png/../../server/package.json`, '/media/..%2F', `/media/${sha(PNG)}.PNG`, `/media/${sha(PNG)}`,
    ]) {
      const r = await w.t.app.inject({ url });
      assert.equal(r.statusCode, 404, url);
      assert.ok(!r.body.includes('"dependencies"'), url);
    }
  });
});
