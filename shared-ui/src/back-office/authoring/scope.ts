/** What one back office may do in exam authoring; the route files pass it in, so screens never check role names. */
import type { User } from 'shared-api';

export interface AuthoringScope {
  /** the area's root, e.g. '/admin' or '/institute' */
  basePath: string;
  /** lists every exam (admin) rather than the user's own (institute) */
  seesAllExams: boolean;
  /** may edit exams owned by others */
  editsAllExams: boolean;
  /** the exam dialog offers the type (private, public, free_for_all); otherwise new exams are private */
  canSetType: boolean;
  /** 'Who can see this exam?' on private exams */
  canManageInstituteAccess: boolean;
  /** the exam list has 'Exams You have Access To' */
  showsSharedExams: boolean;
  /** the Question Summary offers the choice of one institute's students (admin; an institute sees only its own) */
  choosesInstitute?: boolean;
  /** whether this user may add exams (institute_role 1, or admin) */
  canAddExam: (user: User) => boolean;
}

/** Every authoring path of an area, built in one place. */
export function authoringPaths(basePath: string) {
  const exams = `${basePath}/exams`;
  const exam = (examId: string) => `${exams}/exam/${examId}`;
  return {
    exams,
    exam,
    results: (examId: string) => `${exam(examId)}/results`,
    result: (examId: string, resultId: string) => `${exam(examId)}/results/${resultId}`,
    institutes: (examId: string) => `${exam(examId)}/institutes`,
    summary: (examId: string) => `${exam(examId)}/summary`,
    categories: `${basePath}/categories`,
    questionBank: `${basePath}/question-bank`,
    blueprints: `${basePath}/question-bank/blueprints`,
  };
}

/** Whether this user may change an exam (its questions, publishing, deleting). */
export function canEditExam(scope: AuthoringScope, user: User | null, exam: { user: { _id: string } } | undefined): boolean {
  if (!user || !exam) return false;
  return scope.editsAllExams || exam.user._id === user._id;
}
