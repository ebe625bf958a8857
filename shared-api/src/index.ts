/** shared-api: the one door to RTK Query, react-redux, ky and yup. Entity types, schemas, session, store, endpoints. */
export * from './types';
export * from './constants';
export * from './validation';
export * from './session';
export * from './api';
export * from './store';
export * from './form';
export * from './endpoints/auth';
export * from './endpoints/stats';
export * from './endpoints/student-exam';
export * from './endpoints/authoring';
export * from './endpoints/people';
export * from './endpoints/transfer';
export * from './schemas/people';
export * from './schemas/authoring';
