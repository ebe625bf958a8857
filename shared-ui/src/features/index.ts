/** Screens every role uses (students included): kept small, they ship in the main shared-ui chunk. */
export * from './result-detail';
export * from './profile';
export * from './question-view';
