/**
 * Makes the rendition of one media file: what every phone plays or shows, at the quality an exam needs.
 * Audio (MP3 decoded by mpg123 in WebAssembly, WAV read directly): mono MP3 at 32 kbit/s (LAME, pure JS).
 * Images (sharp): fitted into the largest box the exam page shows an image in, at 2x, as JPEG (PNG when it has
 * transparency). A rendition is kept only when it is smaller than the original; otherwise, and for what cannot be
 * decoded, the answer says why and the original stays what students get. Runs in a worker thread (./pool.ts).
 */
import { MPEGDecoder } from 'mpg123-decoder';
import sharp from 'sharp';

/** Speech quality: mono, 32 kbit/s (LAME resamples 44.1/48 kHz input to 22.05/24 kHz at this rate). */
export const AUDIO_KBPS = 32;
/**
 * The largest box an exam page shows a question image in (shared-ui's QuestionView inside exam-runner.tsx): the
 * page is at most 5xl = 1024 CSS px wide, less the question box's padding (2 x 20 px), and the tallest image (the
 * description picture) is at most 72 = 288 CSS px high. Times 2 for a 2x phone screen.
 */
export const IMAGE_MAX_WIDTH = 2 * (1024 - 2 * 20);
export const IMAGE_MAX_HEIGHT = 2 * 288;
/** Longest audio decoded (the upload limit of 1 MB is 8 minutes at 16 kbit/s): bounds the worker's memory. */
const MAX_SECONDS = 15 * 60;
/** A rendition replaces the original for students only when it saves at least 10 % (or it is not worth a re-encode). */
const MIN_SAVING = 0.9;
/** LAME's encoder delay plus the decoder's (576 + 529 samples): silence the rendition would add at its start. */
const CODEC_DELAY = 1105;

export interface RenditionInput { data: Uint8Array; ext: string; mime: string }
export type RenditionOutput =
  | { data: Uint8Array; ext: string; mime: string; note: string }
  | { kept: string };

interface Pcm { samples: Float32Array; sampleRate: number; channels: number }

let decoder: MPEGDecoder | undefined;

async function decodeMp3(data: Uint8Array): Promise<Pcm | string> {
  decoder ??= new MPEGDecoder();
  await decoder.ready;
  await decoder.reset();
  const out = decoder.decode(data);
  if (out.samplesDecoded === 0 || !out.sampleRate || out.channelData.length === 0) return 'not decodable as MP3';
  // corrupt frames: what a phone makes of them is anyone's guess, so the rendition would not be the author's audio
  if (out.errors.length > 0) return `${out.errors.length} corrupt MP3 frame(s)`;
  if (out.samplesDecoded / out.sampleRate < 0.1) return 'shorter than 0.1 s';
  if (out.samplesDecoded / out.sampleRate > MAX_SECONDS) return 'longer than 15 minutes';
  return { samples: downmix(out.channelData, out.samplesDecoded), sampleRate: out.sampleRate, channels: out.channelData.length };
}

function downmix(channels: Float32Array[], length: number): Float32Array {
  if (channels.length === 1) return channels[0]!.subarray(0, length);
  const mono = new Float32Array(length);
  for (const ch of channels) for (let i = 0; i < length; i++) mono[i]! += ch[i]! / channels.length;
  return mono;
}

/** PCM WAV (8/16/24/32-bit integer, 32-bit float): the fmt and data chunks, read directly. */
function decodeWav(b: Buffer): Pcm | string {
  if (b.length < 12 || b.toString('latin1', 0, 4) !== 'RIFF' || b.toString('latin1', 8, 12) !== 'WAVE') return 'not a WAV file';
  let fmt: { format: number; channels: number; rate: number; bits: number } | undefined;
  let at = 12;
  while (at + 8 <= b.length) {
    const id = b.toString('latin1', at, at + 4);
    const size = b.readUInt32LE(at + 4);
    const body = at + 8;
    if (id === 'fmt ' && body + 16 <= b.length) {
      let format = b.readUInt16LE(body);
      if (format === 0xfffe && size >= 26 && body + 26 <= b.length) format = b.readUInt16LE(body + 24); // WAVE_FORMAT_EXTENSIBLE
      fmt = { format, channels: b.readUInt16LE(body + 2), rate: b.readUInt32LE(body + 4), bits: b.readUInt16LE(body + 14) };
    } else if (id === 'data') {
      if (!fmt) return 'WAV data before its format';
      const { format, channels, rate, bits } = fmt;
      const intPcm = format === 1 && [8, 16, 24, 32].includes(bits);
      const floatPcm = format === 3 && bits === 32;
      if (!intPcm && !floatPcm) return `WAV encoding ${format}/${bits}-bit is not supported`;
      if (channels < 1 || channels > 8 || rate < 8000 || rate > 192000) return 'WAV format out of range';
      const step = (bits / 8) * channels;
      const frames = Math.floor(Math.min(size, b.length - body) / step);
      if (frames === 0) return 'WAV without samples';
      if (frames / rate > MAX_SECONDS) return 'longer than 15 minutes';
      const mono = new Float32Array(frames);
      for (let i = 0; i < frames; i++) {
        let sum = 0;
        for (let c = 0; c < channels; c++) {
          const o = body + i * step + (c * bits) / 8;
          sum += floatPcm ? b.readFloatLE(o)
            : bits === 8 ? (b[o]! - 128) / 128
            : bits === 16 ? b.readInt16LE(o) / 32768
            : bits === 24 ? b.readIntLE(o, 3) / 8388608
            : b.readInt32LE(o) / 2147483648;
        }
        mono[i] = sum / channels;
      }
      return { samples: mono, sampleRate: rate, channels };
    }
    at = body + size + (size % 2);
  }
  return 'WAV without a data chunk';
}

/** LAME's supported input rates; anything else is resampled (linearly) to the nearest lower one first. */
const LAME_RATES = [8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000];

/**
 * LAME, imported as ESM whatever the loader made of this file: piscina's worker require()s its task first, and the
 * package's CommonJS entry is a browser IIFE with no exports.
 */
const lame = () => import('@breezystack/lamejs');

async function encodeMp3(pcm: Pcm): Promise<Buffer> {
  const { Mp3Encoder } = await lame();
  let { samples, sampleRate } = pcm;
  if (!LAME_RATES.includes(sampleRate)) {
    const target = [...LAME_RATES].reverse().find((r) => r < sampleRate) ?? 8000;
    const out = new Float32Array(Math.floor((samples.length * target) / sampleRate));
    for (let i = 0; i < out.length; i++) {
      const x = (i * sampleRate) / target;
      const j = Math.floor(x);
      out[i] = samples[j]! + ((samples[Math.min(j + 1, samples.length - 1)]! - samples[j]!) * (x - j));
    }
    samples = out;
    sampleRate = target;
  }
  // The original's decoded audio already starts with its codec's delay; drop as much as this encode adds again, so
  // the rendition lasts as long as the original (LAME in JS writes no gapless header a player could trim by).
  const outRate = sampleRate > 24000 ? sampleRate / 2 : sampleRate;
  const skip = Math.min(Math.round((CODEC_DELAY * sampleRate) / outRate), Math.max(0, samples.length - sampleRate));
  const pcm16 = new Int16Array(samples.length - skip);
  for (let i = 0; i < pcm16.length; i++) pcm16[i] = Math.max(-32768, Math.min(32767, Math.round(samples[i + skip]! * 32767)));
  const encoder = new Mp3Encoder(1, sampleRate, AUDIO_KBPS);
  const parts: Buffer[] = [];
  const block = 1152 * 32;
  for (let i = 0; i < pcm16.length; i += block) {
    const chunk = encoder.encodeBuffer(pcm16.subarray(i, i + block));
    if (chunk.length) parts.push(Buffer.from(chunk));
  }
  const tail = encoder.flush();
  if (tail.length) parts.push(Buffer.from(tail));
  return Buffer.concat(parts);
}

async function audioRendition(input: RenditionInput): Promise<RenditionOutput> {
  const data = Buffer.from(input.data.buffer, input.data.byteOffset, input.data.byteLength);
  let pcm: Pcm | string;
  if (input.ext === 'mp3') pcm = await decodeMp3(input.data);
  else if (input.ext === 'wav') pcm = decodeWav(data);
  else return { kept: `${input.ext} audio cannot be decoded here (MP3 and WAV can)` };
  if (typeof pcm === 'string') return { kept: pcm };
  const mp3 = await encodeMp3(pcm);
  if (mp3.length > data.length * MIN_SAVING) return { kept: `a ${AUDIO_KBPS} kbit/s rendition is not at least 10 % smaller` };
  return {
    data: mp3, ext: 'mp3', mime: 'audio/mpeg',
    note: `${pcm.channels} ch ${pcm.sampleRate} Hz -> mono ${AUDIO_KBPS} kbit/s, ${(pcm.samples.length / pcm.sampleRate).toFixed(1)} s`,
  };
}

async function imageRendition(input: RenditionInput): Promise<RenditionOutput> {
  const image = sharp(input.data, { failOn: 'error', limitInputPixels: 50_000_000 });
  const meta = await image.metadata();
  if ((meta.pages ?? 1) > 1) return { kept: 'an animated image' };
  if (!meta.width || !meta.height) return { kept: 'an image without dimensions' };
  const alpha = meta.hasAlpha && !(await image.stats()).isOpaque;
  const fitted = () => sharp(input.data, { failOn: 'error', limitInputPixels: 50_000_000 })
    .rotate() // the EXIF orientation, applied (the rendition carries no metadata)
    .resize({ width: IMAGE_MAX_WIDTH, height: IMAGE_MAX_HEIGHT, fit: 'inside', withoutEnlargement: true });
  // a photo as JPEG; transparency needs PNG; a drawing (PNG or GIF without transparency) may be smaller as a
  // palette PNG than as JPEG, and keeps its sharp edges: the smaller of the two
  const candidates = [];
  if (!alpha) candidates.push(await fitted().flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true }).toBuffer({ resolveWithObject: true }));
  if (alpha || meta.format !== 'jpeg') candidates.push(await fitted().png({ palette: true, compressionLevel: 9, effort: 7 }).toBuffer({ resolveWithObject: true }));
  const out = candidates.reduce((a, b) => (b.data.length < a.data.length ? b : a));
  if (out.data.length > input.data.byteLength * MIN_SAVING) return { kept: 'a rendition is not at least 10 % smaller' };
  const png = out.info.format === 'png';
  return {
    data: out.data, ext: png ? 'png' : 'jpg', mime: png ? 'image/png' : 'image/jpeg',
    note: `${meta.width}x${meta.height} ${meta.format} -> ${out.info.width}x${out.info.height} ${out.info.format}`,
  };
}

export async function makeRendition(input: RenditionInput): Promise<RenditionOutput> {
  try {
    if (input.mime.startsWith('audio/')) return await audioRendition(input);
    if (input.mime.startsWith('image/')) return await imageRendition(input);
    return { kept: `no rendition for ${input.mime}` };
  } catch (err) {
    // a malformed file: the original stays what students get
    return { kept: `unreadable (${(err as Error).message.slice(0, 200)})` };
  }
}
