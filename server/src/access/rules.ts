/**
 * The exam-access rules: for one student and one exam, is the exam visible, can it be started, how many attempts remain.
 * Pure (no I/O) so every row of the README's table is tested directly; the listing, the start call, the dashboard and
 * the access screens all go through `decide`.
 */
import { ACCESS_REASONS } from 'shared-api/access-reasons';

export type AccessType =
  | 'SELECTEDEXAM' | 'CREATOR-AND-PUBLIC-ALL' | 'PUBLIC-ALL' | 'TIMEFRAME' | 'ALL-X-TIMES' | 'ALL' | 'FREE-ALL';

export const ACCESS_TYPES: readonly AccessType[] = [
  'SELECTEDEXAM', 'CREATOR-AND-PUBLIC-ALL', 'PUBLIC-ALL', 'TIMEFRAME', 'ALL-X-TIMES', 'ALL', 'FREE-ALL',
];

export interface ExamFacts {
  id: string;
  type: string; // private | public | free_for_all
  status: number; // 1 published
  ownerId: string;
  /** the student's institute was given access to this private exam by an admin */
  grantedToStudentInstitute: boolean;
  /**
   * the student has a running attempt of this exam (before its deadline): it can always be resumed, even when its
   * start used the last attempt or the access has changed since
   */
  hasRunningAttempt?: boolean;
}

export interface StudentFacts {
  id: string;
  /** the enrolling institute, or null */
  instituteId: string | null;
}

export interface AccessFacts {
  type: AccessType;
  startTime: Date | null;
  endTime: Date | null;
  totalTimes: number | null;
  completedTimes: number;
  /** SELECTEDEXAM rows by exam id */
  exams: Map<string, { totalTimes: number; completedTimes: number }>;
}

export interface Decision {
  /** listed to the student at all (Available or Other) */
  visible: boolean;
  /** may start a new attempt now */
  startable: boolean;
  /** attempts left, or null for no limit */
  remaining: number | null;
  /** why it cannot be started (shown and returned by the start call) */
  reason: string | null;
}

/** The reasons' texts are shared with the client (shared-api/access-reasons: the exam list's first paint translates them). */
export const REASONS = ACCESS_REASONS;

/** Exams of the student's own institute: owned by it, or private exams an admin opened to it. */
function ofInstitute(exam: ExamFacts, student: StudentFacts): boolean {
  return !!student.instituteId && (exam.ownerId === student.instituteId || exam.grantedToStudentInstitute);
}

const deny = (visible: boolean, reason: string, remaining: number | null = null): Decision =>
  ({ visible, startable: false, remaining, reason });
const allow = (remaining: number | null = null): Decision => ({ visible: true, startable: true, remaining, reason: null });

export function decide(student: StudentFacts, exam: ExamFacts, access: AccessFacts | null, now: Date): Decision {
  const d = decideNewAttempt(student, exam, access, now);
  return exam.hasRunningAttempt && d.visible ? { ...d, startable: true, reason: null } : d;
}

/**
 * Whether the student can still start another attempt of the exam, now or later with nothing changed by anyone: the
 * decision allows it now, or only a time frame that has not begun yet stands in the way. A result reveals its correct
 * answers only once this is false (attempts/review.ts).
 */
export function canStartAnother(d: Decision, access: AccessFacts | null, now: Date): boolean {
  if (d.startable) return true;
  return d.visible && d.reason === REASONS.outsideTimeframe && !!access?.startTime && access.startTime.getTime() > now.getTime();
}

function decideNewAttempt(student: StudentFacts, exam: ExamFacts, access: AccessFacts | null, now: Date): Decision {
  if (exam.status !== 1) return deny(false, REASONS.notPublished);
  const own = ofInstitute(exam, student);
  const free = exam.type === 'free_for_all';
  const pub = exam.type === 'public';
  // Private exams of other institutes (or of the admin, not opened to the student's institute) are never listed.
  if (!free && !pub && !own) return deny(false, REASONS.noAccess);

  // Students no institute has enrolled may take only free_for_all exams, whatever their access record says.
  if (!student.instituteId) return free ? allow() : deny(true, REASONS.noInstitute);

  if (!access) return free || own ? allow() : deny(true, REASONS.noAccess);

  switch (access.type) {
    case 'SELECTEDEXAM': {
      const row = access.exams.get(exam.id);
      if (!row) return deny(true, REASONS.noAccess);
      const left = Math.max(0, row.totalTimes - row.completedTimes);
      return left > 0 ? allow(left) : deny(true, REASONS.noAttemptsLeft, 0);
    }
    case 'CREATOR-AND-PUBLIC-ALL':
      return own || pub || free ? allow() : deny(true, REASONS.noAccess);
    case 'PUBLIC-ALL':
      return pub || free ? allow() : deny(true, REASONS.noAccess);
    case 'TIMEFRAME': {
      const t = now.getTime();
      const inside = (!access.startTime || access.startTime.getTime() <= t) && (!access.endTime || t <= access.endTime.getTime());
      return inside ? allow() : deny(true, REASONS.outsideTimeframe);
    }
    case 'ALL-X-TIMES': {
      const left = Math.max(0, (access.totalTimes ?? 0) - access.completedTimes);
      return left > 0 ? allow(left) : deny(true, REASONS.noAttemptsLeft, 0);
    }
    case 'ALL':
      return allow();
    case 'FREE-ALL':
      return free ? allow() : deny(true, REASONS.noAccess);
    default:
      return deny(true, REASONS.noAccess);
  }
}
