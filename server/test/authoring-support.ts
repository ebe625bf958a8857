/** Shared setup for the authoring tests: actors with tokens, a JSON client, multipart uploads, valid media and questions. */
import fs from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { newId } from '../src/ids.ts';
import { bearer, buildTestApp, fixtures, TEST_DIR, type BuildTestAppOptions, type Person, type TestApp } from './helpers.ts';

export const PNG = fs.readFileSync(path.join(TEST_DIR, 'fixtures', 'media', 'dot.png'));
export const MP3 = fs.readFileSync(path.join(TEST_DIR, 'fixtures', 'media', 'tone.mp3'));

export interface Actor { id: string; token: string }
export interface World {
  t: TestApp;
  admin: Actor;
  institute: Actor;
  /** a second institute that may add exams */
  other: Actor;
  /** an institute with institute_role 0 */
  noAdd: Actor;
  student: Actor;
  /** a student of `other` */
  otherStudent: Actor;
  demoExam: string;
  categories: string[];
}

export async function buildWorld(options: BuildTestAppOptions = {}): Promise<World> {
  const t = await buildTestApp(options);
  const ids = t.seed!.ids!;
  const f = fixtures(t);
  const actor = ({ id, token }: Person): Actor => ({ id, token });
  const other = actor(await f.person(1, ids.admin, { instituteRole: 1, firstName: 'otherinst', lastName: 'Test' }));
  return {
    t,
    admin: actor(await f.as(ids.admin)),
    institute: actor(await f.as(ids.institute)),
    student: actor(await f.as(ids.student)),
    other,
    noAdd: actor(await f.person(1, ids.admin, { instituteRole: 0, firstName: 'noadd', lastName: 'Test' })),
    otherStudent: actor(await f.person(0, other.id, { instituteRole: 0, firstName: 'otherstudent', lastName: 'Test' })),
    demoExam: ids.exam!,
    categories: ids.categories,
  };
}

// `any`: response bodies are asserted field by field in the tests
export type Res = LightMyRequestResponse & { data: any };

/** JSON request as `who`; `res.data` is the parsed body. */
export async function call(t: TestApp, who: Actor, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown): Promise<Res> {
  const res = await t.app.inject({
    method, url: `/api/${url}`, headers: bearer(who.token),
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  }) as Res;
  try { res.data = res.json(); } catch { res.data = undefined; }
  return res;
}

export interface Part { name: string; value?: string; filename?: string; contentType?: string; data?: Buffer }

/** A multipart/form-data body built by hand (what a browser's FormData sends). */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----authoring${newId()}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename}"\r\nContent-Type: ${p.contentType ?? 'application/octet-stream'}`;
    chunks.push(Buffer.from(`${head}\r\n\r\n`), p.data ?? Buffer.from(p.value ?? ''), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POST upload-file: the question field `name`, the `kind` of file it must be (shared-api/uploads) and the file. */
export async function upload(
  t: TestApp, who: Actor, examId: string, name: string | undefined, file: { data: Buffer; filename: string; contentType?: string } | undefined,
  kind: string | undefined,
): Promise<Res> {
  const parts: Part[] = [];
  if (name !== undefined) parts.push({ name: 'name', value: name });
  if (kind !== undefined) parts.push({ name: 'kind', value: kind });
  if (file) parts.push({ name: 'file', filename: file.filename, contentType: file.contentType, data: file.data });
  const { payload, headers } = multipart(parts);
  const res = await t.app.inject({
    method: 'POST', url: `/api/upload-file/${examId}/${who.id}`, payload, headers: { ...headers, ...bearer(who.token) },
  }) as Res;
  try { res.data = res.json(); } catch { res.data = undefined; }
  return res;
}

export async function createExam(t: TestApp, who: Actor, body: Record<string, unknown> = {}): Promise<Res> {
  return call(t, who, 'POST', `exams/create/${who.id}`, { title: `Exam ${newId().slice(0, 6)}`, is_cbt: false, ...body });
}

/** Uploads one image and one audio file to `examId` and returns their URLs. */
export async function media(t: TestApp, who: Actor, examId: string): Promise<{ image: string; audio: string }> {
  const image = await upload(t, who, examId, 'description', { data: PNG, filename: 'dot.png', contentType: 'image/png' }, 'image');
  const audio = await upload(t, who, examId, 'listening', { data: MP3, filename: 'tone.mp3', contentType: 'audio/mpeg' }, 'audio');
  if (image.statusCode !== 200 || audio.statusCode !== 200) throw new Error(`media upload failed: ${image.body} ${audio.body}`);
  return { image: image.data.url, audio: audio.data.url };
}

/** A valid question for number `n` (Reading 1-20 with text options, Listening 21-40 with audio). */
export function validQuestion(n: number, m: { audio: string }, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const listening = n > 20;
  return {
    type: listening ? 'Listening' : 'Reading',
    question_number: n,
    main_heading: `Question ${n}`,
    main_heading_image: false,
    heading: '',
    description: '',
    description_image: false,
    description_boxed: false,
    option_type: 'text',
    option1: 'one', option2: 'two', option3: 'three', option4: 'four',
    listening: listening ? m.audio : '',
    answer: '1',
    answer_details: '',
    ...extra,
  };
}

export async function addQuestion(t: TestApp, who: Actor, examId: string, body: Record<string, unknown>): Promise<Res> {
  return call(t, who, 'POST', `questions/create/new/${examId}/${who.id}`, body);
}

/** Adds valid questions for every number in `numbers`; throws on the first failure. */
export async function fill(t: TestApp, who: Actor, examId: string, m: { audio: string }, numbers: number[]): Promise<void> {
  for (const n of numbers) {
    const r = await addQuestion(t, who, examId, validQuestion(n, m));
    if (r.statusCode !== 200) throw new Error(`question ${n}: ${r.statusCode} ${r.body}`);
  }
}

export const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
