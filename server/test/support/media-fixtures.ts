// Realistic media for tests and the benchmark: a speech-like MP3 as a recorder gives it, a photo-like JPEG
// of a chosen size, and an MP3's duration measured by decoding it (never from its headers).
import { Mp3Encoder } from '@breezystack/lamejs';
import { MPEGDecoder } from 'mpg123-decoder';
import sharp from 'sharp';
import { seeded } from '../../src/random.ts';

/** A small deterministic PRNG: the same seed gives the same bytes on every machine. */
const random = seeded;

export interface Mp3Options {
  seconds: number;
  kbps?: number;
  channels?: 1 | 2;
  sampleRate?: number;
  seed?: number;
}

/**
 * A voice-like signal: a gliding fundamental (100-220 Hz) with a dozen harmonics shaped by two moving formants,
 * syllables at about 4 per second with short pauses between words, a little breath noise, and on stereo a
 * slightly delayed, quieter right channel (a room), encoded by LAME (pure JS) at a constant bitrate.
 */
export function makeMp3({ seconds, kbps = 128, channels = 2, sampleRate = 44100, seed = 1 }: Mp3Options): Buffer {
  const rand = random(seed);
  const total = Math.round(seconds * sampleRate);
  const left = new Int16Array(total);
  const right = channels === 2 ? new Int16Array(total) : undefined;
  const delay = Math.round(sampleRate * 0.0007);
  let phase = 0;
  let syllableEnd = 0;
  let syllableStart = 0;
  let voiced = true;
  let pitch = 150;
  let formant1 = 600;
  let formant2 = 1500;
  const mono = new Float32Array(total);
  for (let i = 0; i < total; i++) {
    if (i >= syllableEnd) {
      syllableStart = i;
      voiced = rand() > 0.18; // a pause between words now and then
      syllableEnd = i + Math.round(sampleRate * (voiced ? 0.16 + rand() * 0.16 : 0.08 + rand() * 0.2));
      pitch = 100 + rand() * 120;
      formant1 = 300 + rand() * 600;
      formant2 = 900 + rand() * 1600;
    }
    const inSyllable = (i - syllableStart) / Math.max(1, syllableEnd - syllableStart);
    const envelope = voiced ? Math.sin(Math.PI * inSyllable) ** 0.6 : 0;
    const f0 = pitch * (1 + 0.12 * Math.sin(2 * Math.PI * inSyllable)); // intonation within a syllable
    phase += (2 * Math.PI * f0) / sampleRate;
    let sample = 0;
    for (let h = 1; h <= 12; h++) {
      const frequency = f0 * h;
      if (frequency > sampleRate / 2) break;
      const gain = Math.exp(-(((frequency - formant1) / 250) ** 2)) + 0.6 * Math.exp(-(((frequency - formant2) / 400) ** 2)) + 0.05;
      sample += (gain / h) * Math.sin(h * phase);
    }
    mono[i] = 0.5 * envelope * sample + 0.01 * (rand() * 2 - 1);
  }
  for (let i = 0; i < total; i++) {
    left[i] = Math.max(-32768, Math.min(32767, Math.round(mono[i] * 20000)));
    if (right) right[i] = Math.max(-32768, Math.min(32767, Math.round((i >= delay ? mono[i - delay] : 0) * 16000)));
  }
  const encoder = new Mp3Encoder(channels, sampleRate, kbps);
  const parts: Buffer[] = [];
  const block = 1152 * 16;
  for (let i = 0; i < total; i += block) {
    const l = left.subarray(i, i + block);
    const chunk = right ? encoder.encodeBuffer(l, right.subarray(i, i + block)) : encoder.encodeBuffer(l);
    if (chunk.length > 0) parts.push(Buffer.from(chunk));
  }
  const tail = encoder.flush();
  if (tail.length > 0) parts.push(Buffer.from(tail));
  return Buffer.concat(parts);
}

export interface JpegOptions {
  width: number;
  height: number;
  /** The size to aim at; the result lands within about 15 % of it when the dimensions allow. */
  approxBytes: number;
  seed?: number;
}

/** Photo-like pixels: soft colour gradients and a few blurred shapes, plus a grain field to scale. */
function photoLayers(width: number, height: number, seed: number): { base: Float32Array; grain: Float32Array } {
  const rand = random(seed);
  const base = new Float32Array(width * height * 3);
  const grain = new Float32Array(width * height * 3);
  const blobs = Array.from({ length: 6 }, () => ({
    x: rand() * width,
    y: rand() * height,
    r: (0.1 + rand() * 0.3) * Math.min(width, height),
    colour: [rand() * 255, rand() * 255, rand() * 255],
  }));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const pixel = [80 + (120 * x) / width, 90 + (100 * y) / height, 140 - (60 * (x + y)) / (width + height)];
      for (const blob of blobs) {
        const d = Math.hypot(x - blob.x, y - blob.y) / blob.r;
        if (d < 1.5) {
          const w = 1 - d / 1.5;
          for (let c = 0; c < 3; c++) pixel[c] = pixel[c] * (1 - w) + blob.colour[c] * w;
        }
      }
      const offset = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) {
        base[offset + c] = pixel[c];
        grain[offset + c] = rand() * 2 - 1;
      }
    }
  }
  return { base, grain };
}

function photoPixels(layers: { base: Float32Array; grain: Float32Array }, strength: number): Buffer {
  const pixels = Buffer.alloc(layers.base.length);
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.max(0, Math.min(255, Math.round(layers.base[i] + layers.grain[i] * strength)));
  return pixels;
}

/**
 * A photo-like JPEG (quality 85, as a phone camera or an editor exports) whose grain is tuned by bisection so the
 * file is about `approxBytes` long.
 */
export async function makeJpeg({ width, height, approxBytes, seed = 1 }: JpegOptions): Promise<Buffer> {
  const layers = photoLayers(width, height, seed);
  const encode = (grain: number) =>
    sharp(photoPixels(layers, grain), { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
  let low = 0;
  let high = 120;
  let best = await encode(high);
  if (best.length <= approxBytes) return best;
  for (let step = 0; step < 10; step++) {
    const grain = (low + high) / 2;
    const candidate = await encode(grain);
    if (Math.abs(candidate.length - approxBytes) < Math.abs(best.length - approxBytes)) best = candidate;
    if (Math.abs(candidate.length - approxBytes) / approxBytes < 0.05) break;
    if (candidate.length > approxBytes) high = grain;
    else low = grain;
  }
  return best;
}

/** A PNG with an alpha channel (a diagram with a transparent background), for the "keep transparency" path. */
export async function makePng({ width, height, seed = 1 }: { width: number; height: number; seed?: number }): Promise<Buffer> {
  const rgb = photoPixels(photoLayers(width, height, seed), 30);
  const rgba = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    rgb.copy(rgba, i * 4, i * 3, i * 3 + 3);
    const x = i % width;
    rgba[i * 4 + 3] = x < width / 3 ? 0 : 255; // the left third is transparent
  }
  return sharp(rgba, { raw: { width, height, channels: 4 } }).png().toBuffer();
}

let decoder: MPEGDecoder | undefined;

/** Seconds of audio in an MP3, counted from the decoded samples (mpg123 in WebAssembly). */
export async function mp3Duration(buf: Uint8Array): Promise<number> {
  decoder ??= new MPEGDecoder();
  await decoder.ready;
  await decoder.reset();
  const decoded = decoder.decode(buf instanceof Buffer ? new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength) : buf);
  if (decoded.sampleRate === 0) return 0;
  return decoded.samplesDecoded / decoded.sampleRate;
}

/** Channels and sample rate as a decoder reads them from the first frame header (for assertions on renditions). */
export function mp3Header(buf: Uint8Array): { channels: 1 | 2; sampleRate: number; kbps: number } | undefined {
  for (let i = 0; i + 4 <= buf.length; i++) {
    if (buf[i] !== 0xff || (buf[i + 1] & 0xe0) !== 0xe0) continue;
    const version = (buf[i + 1] >> 3) & 3; // 3 = MPEG1, 2 = MPEG2, 0 = MPEG2.5
    const layer = (buf[i + 1] >> 1) & 3; // 1 = Layer III
    const bitrateIndex = buf[i + 2] >> 4;
    const rateIndex = (buf[i + 2] >> 2) & 3;
    if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) continue;
    const rates = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] }[version as 0 | 2 | 3];
    const kbpsTable =
      version === 3
        ? [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]
        : [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
    return { channels: buf[i + 3] >> 6 === 3 ? 1 : 2, sampleRate: rates[rateIndex], kbps: kbpsTable[bitrateIndex] };
  }
  return undefined;
}
