/** Business constants and user-facing messages from the spec (sections 8 and 9). */

export const EXAM_DURATION_SECONDS = 50 * 60;
export const QUESTIONS_PER_TYPE = 20;
export const TOTAL_QUESTIONS = 40;
export const READING_RANGE = [1, 20] as const;
export const LISTENING_RANGE = [21, 40] as const;
/** EPS-TOPIK scale: 5 points per correct question, Reading (READING_RANGE) and Listening (LISTENING_RANGE) out of 100 each. */
export const POINTS_PER_QUESTION = 5;
export const SECTION_MAX_SCORE = QUESTIONS_PER_TYPE * POINTS_PER_QUESTION;
export const MAX_SCORE = TOTAL_QUESTIONS * POINTS_PER_QUESTION;

/**
 * What a student sees of a finished attempt (the exam's review policy, chosen by its author):
 * - `score`: the figures only (count correct, percentage, total and section scores); no per-question right or wrong;
 * - `marks`: also which questions were right or wrong;
 * - `answers` (the default): also the correct answers, but only once the student cannot start another attempt of
 *   the exam; until then the student sees what `marks` shows.
 * Institutes and admins always see everything.
 */
export const REVIEW_POLICIES = [
  { value: 'score', label: 'Score only' },
  { value: 'marks', label: 'Which questions were right or wrong' },
  { value: 'answers', label: 'The correct answers too' },
] as const;
export const DEFAULT_REVIEW_POLICY = 'answers';
export const UNANSWERED = '0';
export const TOAST_DURATION_MS = 5000;
export const AUDIO_PREVIEW_RELOAD_MS = 500;
export const PROFILE_IMAGE_MAX_BYTES = 716800;
export const LISTENING_MAX_BYTES = 1024 * 1024;
export const PASSWORD_MIN = 8;
export const PHONE_LENGTH = 10;
export const NAME_MIN = 3;
export const SIDEBAR_WIDTH = 210;
export const PAGE_SIZES = [5, 10, 20, 50] as const;

/** Lists paged by the server (types.ts PageArgs): rows per request at most, and when not asked; search length. */
export const PAGE_LIMIT_MAX = 100;
export const PAGE_LIMIT_DEFAULT = 50;
export const SEARCH_MAX = 100;
/** the response header with the number of rows a paged list has in all */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/** Extra time (accommodations): the percentages offered, the minutes' bounds, the rule's messages. */
export const EXTRA_TIME_PERCENTS = [25, 50, 100] as const;
export const EXTRA_MINUTES_MAX = 300;
export const EXTRA_TIME_MSG = {
  kind: 'Extra time is required',
  percent: 'Extra time must be 25, 50 or 100 %',
  minutes: `Minutes must be a whole number from 1 to ${EXTRA_MINUTES_MAX}`,
} as const;
/** At most this many records of leaving the exam are kept per attempt (the rest are ignored). */
export const LEAVES_MAX = 500;

export const EXAM_TYPES = ['private', 'public', 'free_for_all'] as const;

/** How many times each listening audio may be played in an attempt, as the exam dialog offers it (null: no limit). */
export const PLAY_LIMITS = [1, 2, 3] as const;
/** The server's refusal of a play beyond the exam's limit (409), and the play control's reason when none are left. */
export const NO_PLAYS_LEFT = 'No plays left';

export const ACCESS_TYPES = [
  { value: 'SELECTEDEXAM', label: 'Specific Exams' },
  { value: 'CREATOR-AND-PUBLIC-ALL', label: 'Institute And Public Exams' },
  { value: 'PUBLIC-ALL', label: 'Public Exams (No Limit)' },
  { value: 'TIMEFRAME', label: 'Time Frame' },
  { value: 'ALL-X-TIMES', label: 'Limited Number' },
  { value: 'ALL', label: 'All Exams (No Limit)' },
  { value: 'FREE-ALL', label: 'Free Exams Only' },
] as const;

export const MSG = {
  authError: 'Authentication Error',
  invalidCredentials: 'Invalid Credentials',
  notAuthenticated: 'You have to authenticate before proceedings ',
  tokenExpired: 'Token Expired',
  loginAgain: 'Please Login again',
  loadError: 'Load Error',
  examRunningQuit: 'Exam is Running, it will affect the unsaved changes, Are you sure want to quit?',
  submitConfirm: 'Time is still remaining , Are you sure want to submit and end exam?',
  examEnded: 'Congratulation, Exam Ended',
  notVerified:
    "You are not verified because any institutes haven't enroll you. And you cannot attend exam created by admin or institutes.",
  seeHowToContact: 'See How to Contact?',
  confirmPasswordMismatch: 'Confirm Password doesnot match',
  notFoundTitle: 'Page Not Found',
} as const;
