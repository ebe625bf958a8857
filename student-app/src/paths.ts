/** Every route of the student area, relative to /student, with a builder for links. */
export const paths = {
  home: '/student',
  exams: '/student/exams',
  examStart: (examId: string) => `/student/exams/start/${examId}`,
  exam: (examId: string) => `/student/exams/exam/${examId}`,
  results: '/student/results',
  result: (resultId: string) => `/student/results/${resultId}`,
  /** the printable result sheet (one A4 page) */
  resultSheet: (resultId: string) => `/student/results/${resultId}/print`,
  profile: '/student/profile',
  contact: '/student/contact',
};
