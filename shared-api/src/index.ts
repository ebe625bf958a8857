/**
 * shared-api: the one door to RTK Query, react-redux, yup and react-hook-form. Entity types, schemas, session, store, endpoints.
 * yup and the schemas are not in this entry's chunk: ./lazy-schemas.ts fetches them with the first form that validates;
 * the forms' hook (react-hook-form) is shared-api/form (./forms.ts), which no first render imports.
 * The back office's endpoints (authoring, people, transfer) are in shared-api/back-office (./back-office.ts): a
 * student never loads them. The item types' list (./item-types.ts) is shared-api/item-types: only the back office and the
 * score per item type (shared-api/item-type-scores) read it.
 */
export * from './i18n';
export * from './types';
export * from './constants';
export * from './time-zone';
export * from './alt-text';
export * from './checks';
export type { LoginValues } from './validation';
export * from './session';
export * from './runtime-config';
export * from './api';
export * from './store';
export * from './form-problem';
export * from './endpoints/auth';
export * from './endpoints/stats';
export * from './endpoints/exam-lists';
export * from './lazy-schemas';
export * from './lazy-module';
export * from './media-cache';
