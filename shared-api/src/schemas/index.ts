/** Every yup schema of the product: the module ./lazy-schemas.ts fetches with the first form that validates. */
export * from '../validation';
export * from './people';
export * from './authoring';
export * from './transfer';
