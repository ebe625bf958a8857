/** Every route of the admin area, relative to /admin. */
export const paths = {
  home: '/admin',
  exams: '/admin/exams',
  questionBank: '/admin/question-bank',
  users: '/admin/users',
  institutes: '/admin/institutes',
  categories: '/admin/categories',
  reports: '/admin/reports',
  results: '/admin/results',
  transfer: '/admin/transferexam',
  profile: '/admin/profile',
};
