/** JSON-schema pieces of the people routes' bodies; the rules themselves are shared yup schemas run by ../validate.ts. */
export { check } from '../validate.ts';

/** A string property of a Fastify JSON schema. */
export const str = (maxLength = 200) => ({ type: 'string', maxLength }) as const;
export const nullableStr = (maxLength = 200) => ({ type: ['string', 'null'], maxLength }) as const;
export const idProp = { type: 'string', maxLength: 64 } as const;
export const status01 = { type: 'integer', enum: [0, 1] } as const;
