/**
 * Every message the shared rules can produce, found by breaking them: each yup schema run on bodies that get each
 * field wrong in every way the pool below knows (with every choice of the fields others depend on: a question's
 * type and option type, an access type, an extra-time kind), the sign-in check, and the upload rules (../uploads.ts)
 * with the labels the screens give their fields and with each kind's own label (the server's messages).
 * Used by validation-messages.test.ts.
 */
import * as forms from '../schemas/index';
import * as backOffice from '../schemas/back-office';
import { checkLogin } from '../checks';
import { fileProblem, uploadMessage, UPLOAD_RULES, type UploadKind } from '../uploads';
import { OPTION_TYPES, QUESTION_TYPES } from '../schemas/question';
import { ACCESS_TYPES } from '../constants';

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

/** The labels the screens give the upload checks (shared-ui's upload fields and profile picture), by kind. */
const LABELS: Record<UploadKind, string[]> = {
  image: ['Main Heading', 'Description', 'Option 1', 'Option 2', 'Option 3', 'Option 4'],
  audio: ['Listening', ...[1, 2, 3, 4].flatMap((n) => [`Option ${n}`, `Option ${n} listening`])],
  picture: ['Image'],
};

export async function ruleMessages(): Promise<string[]> {
  const found = new Set<string>();
  for (const s of [...Object.values(forms), ...Object.values(backOffice)]) if (isSchema(s)) await messagesOf(s, found);

  for (const email of ['', ' ', 'x', 'user@example.com']) {
    for (const password of ['', 'short', 'password123']) {
      for (const m of Object.values(checkLogin({ email, password }))) if (m) found.add(m.trim());
    }
  }

  const big = 100 * 1024 * 1024;
  for (const kind of Object.keys(UPLOAD_RULES) as UploadKind[]) {
    for (const label of LABELS[kind]) {
      found.add(fileProblem(kind, { type: 'text/plain', name: 'a.txt', size: 1 }, label)!.trim());
      found.add(fileProblem(kind, { type: '', name: `a.${UPLOAD_RULES[kind].types[0]}`, size: big }, label)!.trim());
    }
    // the server's, with the kind's own label
    found.add(uploadMessage.type(kind).trim());
    found.add(uploadMessage.size(kind).trim());
  }
  return [...found].sort();
}
