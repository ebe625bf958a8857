/** Every route of the institute area, relative to /institute. */
export const paths = {
  home: '/institute',
  exams: '/institute/exams',
  questionBank: '/institute/question-bank',
  users: '/institute/users',
  results: '/institute/results',
  profile: '/institute/profile',
};
