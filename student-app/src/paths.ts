/** Every route of the student area, relative to /student, with a builder for links. */
export const paths = {
  home: '/student',
  exams: '/student/exams',
  examStart: (examId: string) => `/student/exams/start/${examId}`,
  exam: (examId: string) => `/student/exams/exam/${examId}`,
  results: '/student/results',
  result: (resultId: string) => `/student/results/${resultId}`,
  profile: '/student/profile',
  contact: '/student/contact',
};
