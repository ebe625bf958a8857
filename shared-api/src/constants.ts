/** Business constants and user-facing messages from the spec (sections 8 and 9). */

export const EXAM_DURATION_SECONDS = 50 * 60;
export const QUESTIONS_PER_TYPE = 20;
export const TOTAL_QUESTIONS = 40;
export const READING_RANGE = [1, 20] as const;
export const LISTENING_RANGE = [21, 40] as const;
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

export const EXAM_TYPES = ['private', 'public', 'free_for_all'] as const;

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
