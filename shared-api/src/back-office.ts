/**
 * shared-api/back-office: the endpoints only institutes and admins call (exam authoring, people and access, exam
 * transfer), injected into the one api slice of shared-api when this entry is first loaded (by the back-office screens
 * in shared-ui/back-office and the admin's transfer page). Its files import the slice as 'shared-api', never by a
 * relative path: under Module Federation that is the shared singleton, so these endpoints land in the store's slice.
 */
export * from './endpoints/authoring';
export * from './endpoints/exam-package';
export * from './endpoints/question-bank';
export * from './question-bank';
export * from './endpoints/people';
export * from './endpoints/transfer';
export * from './authoring-messages';
export * from './back-office-schemas';
