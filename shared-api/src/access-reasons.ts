/**
 * shared-api/access-reasons: why a student cannot start an exam, as the server's access rules write it
 * (server/src/access/rules.ts) and the exam list shows it (translated by translateServerMessage: the texts are in
 * ./server-messages.ts). Without imports: the exam list's first paint (student-app/src/first-paint) carries their
 * translations.
 */
export const ACCESS_REASONS = {
  notPublished: 'Exam is not available',
  noInstitute: "You are not verified because any institutes haven't enroll you. And you cannot attend exam created by admin or institutes.",
  noAccess: 'You do not have access to this exam. Contact your institute.',
  noAttemptsLeft: 'You have no attempts left for this exam.',
  outsideTimeframe: 'Your access period is not active now.',
} as const;
