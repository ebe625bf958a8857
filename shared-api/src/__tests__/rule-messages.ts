/**
 * Every message the shared rules can produce, found by breaking them: each yup schema run on bodies that get each
 * field wrong in every way the pool below knows (with every choice of the fields others depend on: a question's
 * type and option type, an access type, an extra-time kind), the sign-in check, the media file checks with the labels
 * the screens give them, and the server's upload checks (server/src/authoring/uploads.ts builds its messages with the
 * same wording from its own lists of types, read here from its source: shared-api does not import the server).
 * Used by validation-messages.test.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as forms from '../schemas/index';
import * as backOffice from '../schemas/back-office';
import { checkLogin, msg } from '../checks';
import { checkMediaFile } from '../schemas/authoring-rules';
import { OPTION_TYPES, QUESTION_TYPES } from '../schemas/question';
import { ACCESS_TYPES, LISTENING_MAX_BYTES, PROFILE_IMAGE_MAX_BYTES } from '../constants';

interface Schema {
  fields: Record<string, unknown>;
  validate(v: unknown, o: { abortEarly: boolean }): Promise<unknown>;
  validateAt(path: string, v: unknown, o: { abortEarly: boolean }): Promise<unknown>;
}
const isSchema = (v: unknown): v is Schema =>
  !!v && typeof v === 'object' && 'fields' in v && typeof (v as Schema).validate === 'function';

const LONG = 'x'.repeat(10_001);
/** Texts that break some rule of some text field. */
const TEXTS: unknown[] = [
  undefined, '', '   ', 'Select', 'Select Exam', 'x', 'ab', 'abc', 'a@b', 'not an email', 'user@example.com', LONG,
  'x'.repeat(301), 'x'.repeat(2001), 'x'.repeat(5001), '12345', '123456789012', '98765432ab', '9876543210', '0', '5',
  'not a date', '2026-03-02', '1999-01-01', 'ftp://example.com', 'https://example.com', '/media/abc.png', '/media/abc.mp3',
  '{"text":"","listening":""}', '{"text":"t","listening":"/media/abc.png"}', 'password1',
];
/** Values of the number fields and of the fields that take either (a count typed into a text input). */
const NUMBERS: unknown[] = [undefined, '', 'abc', -1, 0, 1, 1.5, 7, 25, 30, 400];
const POOLS: Record<string, unknown[]> = {
  string: TEXTS,
  number: NUMBERS,
  mixed: [...TEXTS, ...NUMBERS],
  boolean: [undefined, true, false],
  array: [undefined, [], [{ exam: '', total_times: '' }], [{ exam: 'e1', total_times: 1 }, { exam: 'e1', total_times: 1 }], [{ exam: 'e1', total_times: 0 }]],
};

/** The fields other fields' rules depend on, and their choices (`type` is a question's or an access's). */
function dependsOn(fields: string[]): Record<string, unknown[]> {
  const question = fields.includes('option_type');
  return {
    type: question ? [...QUESTION_TYPES] : [...ACCESS_TYPES.map((t) => t.value), 'bogus'],
    option_type: [...OPTION_TYPES],
    kind: ['none', 'percent', 'minutes'],
    // both flags together: each only decides its own field's rule
    main_heading_image: [true, false],
    is_cbt: [true, false],
  };
}

function* bases(fields: string[]): Generator<Record<string, unknown>> {
  const depends = dependsOn(fields);
  const keys = fields.filter((f) => f in depends);
  const walk = function* (i: number, acc: Record<string, unknown>): Generator<Record<string, unknown>> {
    if (i === keys.length) { yield { ...acc, description_image: acc.main_heading_image }; return; }
    for (const v of depends[keys[i]!]!) yield* walk(i + 1, { ...acc, [keys[i]!]: v });
  };
  yield* walk(0, {});
}

/**
 * yup's own messages for a value of a type no form sends (the server's JSON schema of each route refuses it before
 * the rules run): shown as written, not the spec's.
 */
const YUP_DEFAULT = /(?: must be a `\w+` type| cannot be null$| must be one of the following values| is a required field$)/;

async function messagesOf(schema: Schema, into: Set<string>) {
  const fields = Object.keys(schema.fields);
  const run = async (check: () => Promise<unknown>) => {
    try {
      await check();
    } catch (e) {
      const err = e as { name: string; errors?: string[] };
      if (err.name !== 'ValidationError') throw e;
      for (const m of err.errors ?? []) if (!YUP_DEFAULT.test(m)) into.add(m.trim());
    }
  };
  for (const base of bases(fields)) {
    await run(() => schema.validate(base, { abortEarly: false }));
    // each field broken on its own (its rule sees the other fields of the body)
    for (const f of fields) {
      const pool = POOLS[(schema.fields[f] as { type: string }).type] ?? POOLS.mixed!;
      for (const v of pool) await run(() => schema.validateAt(f, { ...base, [f]: v }, { abortEarly: false }));
    }
    // two related fields at once: a password and its confirmation, dates in either order
    await run(() => schema.validate({ ...base, password: 'password1', confirmPassword: 'password2', newPassword: 'password1', confirm_password: 'password2' }, { abortEarly: false }));
    await run(() => schema.validate({ ...base, startTime: '2026-03-02', endTime: '2026-03-01' }, { abortEarly: false }));
  }
}

/** The labels the screens give the media file checks (shared-ui's profile picture and upload fields). */
const IMAGE_LABELS = ['Image', 'Main Heading', 'Description', 'Option 1', 'Option 2', 'Option 3', 'Option 4'];
const AUDIO_LABELS = ['Listening', ...[1, 2, 3, 4].flatMap((n) => [`Option ${n}`, `Option ${n} listening`])];
/** The server's upload messages: its labels (fieldRule) and the types it accepts (IMAGE_TYPES, AUDIO_TYPES). */
function uploadMessages(): string[] {
  const source = readFileSync(path.join(__dirname, '..', '..', '..', 'server', 'src', 'authoring', 'uploads.ts'), 'utf8');
  const list = (name: string) => {
    const m = new RegExp(`export const ${name} = \\[([^\\]]*)\\]`).exec(source);
    if (!m) throw new Error(`server/src/authoring/uploads.ts has no ${name} list any more: update this test`);
    return [...m[1]!.matchAll(/'([^']+)'/g)].map((t) => t[1]!);
  };
  const image = list('IMAGE_TYPES');
  const audio = list('AUDIO_TYPES');
  if (!source.includes("label: 'Listening'") || !source.includes('label: `Option ${option[1]}`') || !source.includes("label: 'Image'")) {
    throw new Error('server/src/authoring/uploads.ts labels its fields differently now: update this test');
  }
  return [
    msg.fileType('Image', image), msg.fileType('Listening', audio),
    ...[1, 2, 3, 4].map((n) => msg.fileType(`Option ${n}`, [...image, ...audio])),
    msg.fileSize('Image', Math.round(PROFILE_IMAGE_MAX_BYTES / 1024)), msg.fileSize('Listening', Math.round(LISTENING_MAX_BYTES / 1024)),
  ];
}

export async function ruleMessages(): Promise<string[]> {
  const found = new Set<string>();
  for (const s of [...Object.values(forms), ...Object.values(backOffice)]) if (isSchema(s)) await messagesOf(s, found);

  for (const email of ['', ' ', 'x', 'user@example.com']) {
    for (const password of ['', 'short', 'password123']) {
      for (const m of Object.values(checkLogin({ email, password }))) if (m) found.add(m.trim());
    }
  }

  const big = 100 * 1024 * 1024;
  for (const label of IMAGE_LABELS) {
    found.add(checkMediaFile('image', { type: 'text/plain', name: 'a.txt', size: 1 }, label)!.trim());
    found.add(checkMediaFile('image', { type: 'image/png', name: 'a.png', size: big }, label)!.trim());
  }
  for (const label of AUDIO_LABELS) {
    found.add(checkMediaFile('audio', { type: 'text/plain', name: 'a.txt', size: 1 }, label)!.trim());
    found.add(checkMediaFile('audio', { type: 'audio/mpeg', name: 'a.mp3', size: big }, label)!.trim());
  }

  for (const m of uploadMessages()) found.add(m.trim());
  return [...found].sort();
}
