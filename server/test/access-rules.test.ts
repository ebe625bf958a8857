/**
 * Every row of the exam-access table, as direct tests of `decide` (pure). The same table is rendered to
 * server/src/access/RULES.md; the last test fails when that file and this table disagree.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { canStartAnother, decide, REASONS, type AccessFacts, type AccessType, type ExamFacts, type StudentFacts } from '../src/access/rules.ts';
import { SERVER_ROOT } from '../src/config.ts';

const NOW = new Date('2025-06-15T12:00:00Z');
const DAY = 24 * 3600 * 1000;
const INST = 'inst-own';
const ADMIN = 'admin-1';
const OTHER_INST = 'inst-other';

/** The exam types (columns). */
const EXAMS = {
  own: { label: 'private, own institute', facts: { type: 'private', status: 1, ownerId: INST, grantedToStudentInstitute: false } },
  granted: { label: 'private, granted to the institute', facts: { type: 'private', status: 1, ownerId: ADMIN, grantedToStudentInstitute: true } },
  otherPrivate: { label: 'private, other owner, not granted', facts: { type: 'private', status: 1, ownerId: OTHER_INST, grantedToStudentInstitute: false } },
  public: { label: 'public', facts: { type: 'public', status: 1, ownerId: ADMIN, grantedToStudentInstitute: false } },
  free: { label: 'free_for_all', facts: { type: 'free_for_all', status: 1, ownerId: ADMIN, grantedToStudentInstitute: false } },
  unpublished: { label: 'unpublished (any type)', facts: { type: 'public', status: 0, ownerId: INST, grantedToStudentInstitute: false } },
} as const;
type ExamKey = keyof typeof EXAMS;
const EXAM_KEYS = Object.keys(EXAMS) as ExamKey[];

function access(type: AccessType, over: Partial<AccessFacts> = {}): AccessFacts {
  return { type, startTime: null, endTime: null, totalTimes: null, completedTimes: 0, exams: new Map(), ...over };
}
/** SELECTEDEXAM listing the exam under test (its id is the column key) with total/completed. */
const selected = (total: number, done: number) => (examId: string) =>
  access('SELECTEDEXAM', { exams: new Map([[examId, { totalTimes: total, completedTimes: done }]]) });

/**
 * Expected cells: '-' hidden; 'S' startable, no limit; 'S<n>' startable, n left; 'V0' listed, no attempts left;
 * 'Vacc' listed, no access; 'Vins' listed, student has no institute; 'Vtf' listed, outside the access period.
 */
type Cell = '-' | 'S' | 'S1' | 'S2' | 'V0' | 'Vacc' | 'Vins' | 'Vtf';

interface Situation {
  label: string;
  institute: string | null;
  access: ((examId: string) => AccessFacts) | null;
  cells: Record<ExamKey, Cell>;
}

//                                                          own     granted otherPr public  free    unpublished
const row = (a: Cell, b: Cell, c: Cell, d: Cell, e: Cell, f: Cell): Record<ExamKey, Cell> =>
  ({ own: a, granted: b, otherPrivate: c, public: d, free: e, unpublished: f });

export const SITUATIONS: Situation[] = [
  { label: 'no institute (any access record)', institute: null, access: () => access('ALL'), cells: row('-', '-', '-', 'Vins', 'S', '-') },
  { label: 'no institute, no access record', institute: null, access: null, cells: row('-', '-', '-', 'Vins', 'S', '-') },
  { label: 'institute, no access record', institute: INST, access: null, cells: row('S', 'S', '-', 'Vacc', 'S', '-') },
  { label: 'SELECTEDEXAM, exam listed, 1 of 2 attempts left', institute: INST, access: selected(2, 1), cells: row('S1', 'S1', '-', 'S1', 'S1', '-') },
  { label: 'SELECTEDEXAM, exam listed, no attempts left (2 of 2 used)', institute: INST, access: selected(2, 2), cells: row('V0', 'V0', '-', 'V0', 'V0', '-') },
  { label: 'SELECTEDEXAM, exam not listed', institute: INST, access: () => access('SELECTEDEXAM'), cells: row('Vacc', 'Vacc', '-', 'Vacc', 'Vacc', '-') },
  { label: 'CREATOR-AND-PUBLIC-ALL', institute: INST, access: () => access('CREATOR-AND-PUBLIC-ALL'), cells: row('S', 'S', '-', 'S', 'S', '-') },
  { label: 'PUBLIC-ALL', institute: INST, access: () => access('PUBLIC-ALL'), cells: row('Vacc', 'Vacc', '-', 'S', 'S', '-') },
  {
    label: 'TIMEFRAME, now inside the period', institute: INST,
    access: () => access('TIMEFRAME', { startTime: new Date(NOW.getTime() - DAY), endTime: new Date(NOW.getTime() + DAY) }),
    cells: row('S', 'S', '-', 'S', 'S', '-'),
  },
  {
    label: 'TIMEFRAME, period not started yet', institute: INST,
    access: () => access('TIMEFRAME', { startTime: new Date(NOW.getTime() + DAY), endTime: new Date(NOW.getTime() + 2 * DAY) }),
    cells: row('Vtf', 'Vtf', '-', 'Vtf', 'Vtf', '-'),
  },
  {
    label: 'TIMEFRAME, period over', institute: INST,
    access: () => access('TIMEFRAME', { startTime: new Date(NOW.getTime() - 2 * DAY), endTime: new Date(NOW.getTime() - DAY) }),
    cells: row('Vtf', 'Vtf', '-', 'Vtf', 'Vtf', '-'),
  },
  { label: 'ALL-X-TIMES, 2 of 3 attempts left', institute: INST, access: () => access('ALL-X-TIMES', { totalTimes: 3, completedTimes: 1 }), cells: row('S2', 'S2', '-', 'S2', 'S2', '-') },
  { label: 'ALL-X-TIMES, no attempts left (3 of 3 used)', institute: INST, access: () => access('ALL-X-TIMES', { totalTimes: 3, completedTimes: 3 }), cells: row('V0', 'V0', '-', 'V0', 'V0', '-') },
  { label: 'ALL', institute: INST, access: () => access('ALL'), cells: row('S', 'S', '-', 'S', 'S', '-') },
  { label: 'FREE-ALL', institute: INST, access: () => access('FREE-ALL'), cells: row('Vacc', 'Vacc', '-', 'Vacc', 'S', '-') },
];

function expected(cell: Cell, examKey: ExamKey) {
  if (cell === '-') return { visible: false, startable: false, remaining: null, reason: examKey === 'unpublished' ? REASONS.notPublished : REASONS.noAccess };
  if (cell === 'S') return { visible: true, startable: true, remaining: null, reason: null };
  if (cell === 'S1' || cell === 'S2') return { visible: true, startable: true, remaining: Number(cell.slice(1)), reason: null };
  if (cell === 'V0') return { visible: true, startable: false, remaining: 0, reason: REASONS.noAttemptsLeft };
  const reason = { Vacc: REASONS.noAccess, Vins: REASONS.noInstitute, Vtf: REASONS.outsideTimeframe }[cell];
  return { visible: true, startable: false, remaining: null, reason };
}

function run(s: Situation, examKey: ExamKey, extra: Partial<ExamFacts> = {}) {
  const student: StudentFacts = { id: 'student-1', instituteId: s.institute };
  const exam: ExamFacts = { id: `exam-${examKey}`, ...EXAMS[examKey].facts, ...extra };
  return decide(student, exam, s.access ? s.access(exam.id) : null, NOW);
}

describe('decide: every row of the access table', () => {
  for (const s of SITUATIONS) {
    for (const examKey of EXAM_KEYS) {
      test(`${s.label} × ${EXAMS[examKey].label} → ${s.cells[examKey]}`, () => {
        assert.deepEqual(run(s, examKey), expected(s.cells[examKey], examKey));
      });
    }
  }
});

describe('decide: edges', () => {
  test('TIMEFRAME bounds are inclusive, and an open bound is unlimited', () => {
    const s = (startTime: Date | null, endTime: Date | null): Situation =>
      ({ label: '', institute: INST, access: () => access('TIMEFRAME', { startTime, endTime }), cells: row('S', 'S', '-', 'S', 'S', '-') });
    assert.equal(run(s(NOW, NOW), 'public').startable, true);
    assert.equal(run(s(null, new Date(NOW.getTime() + 1)), 'public').startable, true);
    assert.equal(run(s(new Date(NOW.getTime() - 1), null), 'public').startable, true);
    assert.equal(run(s(new Date(NOW.getTime() + 1), null), 'public').startable, false);
  });
  test('ALL-X-TIMES with no total set counts as no attempts; over-used never goes negative', () => {
    const none: Situation = { label: '', institute: INST, access: () => access('ALL-X-TIMES', { totalTimes: null }), cells: row('V0', 'V0', '-', 'V0', 'V0', '-') };
    assert.deepEqual(run(none, 'public'), expected('V0', 'public'));
    const over: Situation = { label: '', institute: INST, access: () => access('ALL-X-TIMES', { totalTimes: 2, completedTimes: 5 }), cells: row('V0', 'V0', '-', 'V0', 'V0', '-') };
    assert.equal(run(over, 'public').remaining, 0);
  });
  test('a running attempt can always be resumed when the exam is listed, never when it is hidden', () => {
    const used = SITUATIONS.find((s) => s.label.startsWith('ALL-X-TIMES, no attempts'))!;
    const d = run(used, 'public', { hasRunningAttempt: true });
    assert.deepEqual(d, { visible: true, startable: true, remaining: 0, reason: null });
    assert.equal(run(used, 'otherPrivate', { hasRunningAttempt: true }).startable, false);
    assert.equal(run(used, 'unpublished', { hasRunningAttempt: true }).startable, false);
  });
});

describe('canStartAnother: whether a result may reveal its answer keys (attempts/review.ts)', () => {
  const frame = (startTime: Date | null, endTime: Date | null): Situation =>
    ({ label: '', institute: INST, access: () => access('TIMEFRAME', { startTime, endTime }), cells: row('S', 'S', '-', 'S', 'S', '-') });
  const another = (s: Situation, examKey: ExamKey) => canStartAnother(run(s, examKey), s.access ? s.access(`exam-${examKey}`) : null, NOW);
  test('startable now: yes; no attempts left or no access: no', () => {
    for (const s of SITUATIONS) {
      for (const examKey of EXAM_KEYS) {
        const d = run(s, examKey);
        // only a time frame that has not begun adds to what is startable now
        if (d.startable || d.reason !== REASONS.outsideTimeframe) assert.equal(another(s, examKey), d.startable, `${s.label} × ${examKey}`);
      }
    }
  });
  test('a time frame that has not begun: yes (the student will be able to start); one that is over: no', () => {
    assert.equal(another(frame(new Date(NOW.getTime() + DAY), null), 'public'), true);
    assert.equal(another(frame(new Date(NOW.getTime() + DAY), new Date(NOW.getTime() + 2 * DAY)), 'public'), true);
    assert.equal(another(frame(new Date(NOW.getTime() - 2 * DAY), new Date(NOW.getTime() - DAY)), 'public'), false);
    assert.equal(another(frame(null, new Date(NOW.getTime() - 1)), 'public'), false);
    // not listed at all (another institute's private exam): no, whatever the frame
    assert.equal(another(frame(new Date(NOW.getTime() + DAY), null), 'otherPrivate'), false);
  });
});

// ---- the markdown table (server/src/access/RULES.md) ----

const CELL_TEXT: Record<Cell, string> = {
  '-': 'hidden',
  S: 'start (no limit)',
  S1: 'start (1 left)',
  S2: 'start (2 left)',
  V0: 'listed, no start: no attempts left',
  Vacc: 'listed, no start: no access',
  Vins: 'listed, no start: no institute',
  Vtf: 'listed, no start: outside the period',
};

export function rulesTable(): string {
  const head = `| situation | ${EXAM_KEYS.map((k) => EXAMS[k].label).join(' | ')} |`;
  const sep = `|---|${EXAM_KEYS.map(() => '---').join('|')}|`;
  const rows = SITUATIONS.map((s) => `| ${s.label} | ${EXAM_KEYS.map((k) => CELL_TEXT[s.cells[k]]).join(' | ')} |`);
  return [head, sep, ...rows].join('\n');
}

test('RULES.md holds exactly this table (the README links to it)', () => {
  const file = path.join(SERVER_ROOT, 'src', 'access', 'RULES.md');
  const m = /<!-- table:start -->\n([\s\S]*?)\n<!-- table:end -->/.exec(fs.readFileSync(file, 'utf8'));
  assert.ok(m, `${file} has the table markers`);
  assert.equal(m[1], rulesTable(), `regenerate the table in ${file} from test/access-rules.test.ts (rulesTable)`);
});
