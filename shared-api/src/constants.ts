/**
 * Business constants and user-facing messages from the spec (sections 8 and 9). The server imports this file: the
 * wordings screens show (MSG, option labels) read translated through ./wording.ts, and stay English on the server.
 */
import { labelled, words } from './wording';

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
export const REVIEW_POLICIES = labelled([
  { value: 'score', label: /*i18n*/ 'Score only' },
  { value: 'marks', label: /*i18n*/ 'Which questions were right or wrong' },
  { value: 'answers', label: /*i18n*/ 'The correct answers too' },
]);
export const DEFAULT_REVIEW_POLICY = 'answers';
export const UNANSWERED = '0';
export const TOAST_DURATION_MS = 5000;
export const AUDIO_PREVIEW_RELOAD_MS = 500;
export const PROFILE_IMAGE_MAX_BYTES = 716800;
export const LISTENING_MAX_BYTES = 1024 * 1024;
export const PASSWORD_MIN = 8;
export const PHONE_LENGTH = 10;
export const NAME_MIN = 3;
/** The longest exam title (the exam form's rule and the server's; the shared checker's 'should be less than' message). */
export const EXAM_TITLE_MAX = 200;
/** The longest reference exam of a CBT exam, and category title (the forms' rules and the server's). */
export const EXAM_REFERENCE_MAX = 200;
export const CATEGORY_TITLE_MAX = 100;
export const SIDEBAR_WIDTH = 210;
export const PAGE_SIZES = [5, 10, 20, 50] as const;

/** Lists paged by the server (types.ts PageArgs): rows per request at most, and when not asked; search length. */
export const PAGE_LIMIT_MAX = 100;
export const PAGE_LIMIT_DEFAULT = 50;
export const SEARCH_MAX = 100;
/** the response header with the number of rows a paged list has in all */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/**
 * Extra time (accommodations): the percentages offered, the minutes' bounds, the rule's messages (English: the server
 * writes them too; the screens translate them as they show them, ./i18n.ts translateServerMessage).
 */
export const EXTRA_TIME_PERCENTS = [25, 50, 100] as const;
export const EXTRA_MINUTES_MAX = 300;
export const EXTRA_TIME_MSG = {
  kind: /*i18n*/ 'Extra time is required',
  percent: /*i18n*/ 'Extra time must be 25, 50 or 100 %',
  // EXTRA_MINUTES_MAX written out, so that the text is extracted (a test checks it)
  minutes: /*i18n*/ 'Minutes must be a whole number from 1 to 300',
} as const;
/** At most this many records of leaving the exam are kept per attempt (the rest are ignored). */
export const LEAVES_MAX = 500;

export const EXAM_TYPES = ['private', 'public', 'free_for_all'] as const;

/** How many times each listening audio may be played in an attempt, as the exam dialog offers it (null: no limit). */
export const PLAY_LIMITS = [1, 2, 3] as const;
/** The play control's reason when no plays are left (English: translated where it is shown). */
export const NO_PLAYS_LEFT = /*i18n*/ 'No plays left';

/** The exam-access types; each label reads in the current language. */
export const ACCESS_TYPES = labelled([
  { value: 'SELECTEDEXAM', label: /*i18n*/ 'Specific Exams' },
  { value: 'CREATOR-AND-PUBLIC-ALL', label: /*i18n*/ 'Institute And Public Exams' },
  { value: 'PUBLIC-ALL', label: /*i18n*/ 'Public Exams (No Limit)' },
  { value: 'TIMEFRAME', label: /*i18n*/ 'Time Frame' },
  { value: 'ALL-X-TIMES', label: /*i18n*/ 'Limited Number' },
  { value: 'ALL', label: /*i18n*/ 'All Exams (No Limit)' },
  { value: 'FREE-ALL', label: /*i18n*/ 'Free Exams Only' },
]);

/** The spec's messages in English, as the server writes them and the schemas hold them. */
export const MSG_EN = {
  authError: /*i18n*/ 'Authentication Error',
  invalidCredentials: /*i18n*/ 'Invalid Credentials',
  notAuthenticated: /*i18n*/ 'You have to authenticate before proceedings ',
  tokenExpired: /*i18n*/ 'Token Expired',
  loginAgain: /*i18n*/ 'Please Login again',
  loadError: /*i18n*/ 'Load Error',
  examRunningQuit: /*i18n*/ 'Exam is Running, it will affect the unsaved changes, Are you sure want to quit?',
  submitConfirm: /*i18n*/ 'Time is still remaining , Are you sure want to submit and end exam?',
  examEnded: /*i18n*/ 'Congratulation, Exam Ended',
  notVerified:
    /*i18n*/ "You are not verified because any institutes haven't enroll you. And you cannot attend exam created by admin or institutes.",
  seeHowToContact: /*i18n*/ 'See How to Contact?',
  confirmPasswordMismatch: /*i18n*/ 'Confirm Password doesnot match',
  notFoundTitle: /*i18n*/ 'Page Not Found',
} as const;

/** The spec's messages (toasts, dialogs), each read in the current language: `MSG.authError`. */
export const MSG = words(MSG_EN);
