/**
 * The forms' yup schemas, as handles that fetch yup and the schemas (./schemas/index.ts, one chunk) the first time a
 * form validates: yup is about a third of this package, and a student's first render validates nothing with it.
 * `schemaResolver` (./forms.ts) takes a handle where it takes a schema; `await handle.load()` gives the schema itself. The back office's
 * question and exam-access schemas, which the server runs too, are in shared-api/back-office (./back-office-schemas.ts).
 */
import type * as All from './schemas/index';
import { lazyModule } from './lazy-module';

type Schemas = typeof All;

// offline: the next validation tries again
const schemas = lazyModule<Schemas>(() => import(/* webpackChunkName: "forms" */ './schemas/index'));

export interface LazySchema<S> {
  readonly lazySchema: true;
  readonly name: string;
  load(): Promise<S>;
}

function lazy<K extends keyof Schemas>(name: K): LazySchema<Schemas[K]> {
  return { lazySchema: true, name, load: () => schemas.load().then((m) => m[name]) };
}

/** Fetches the schemas ahead of need (a dialog that is about to open). */
export const preloadSchemas = (): Promise<unknown> => schemas.settled();

export const loginSchema = lazy('loginSchema');
export const changePasswordSchema = lazy('changePasswordSchema');
export const profileSchema = lazy('profileSchema');
export const userCreateSchema = lazy('userCreateSchema');
export const userEditSchema = lazy('userEditSchema');
export const setUserPasswordSchema = lazy('setUserPasswordSchema');
export const instituteCreateSchema = lazy('instituteCreateSchema');
export const instituteEditSchema = lazy('instituteEditSchema');
export const addToInstituteSchema = lazy('addToInstituteSchema');
export const examSchema = lazy('examSchema');
export const categorySchema = lazy('categorySchema');
export const instituteAccessSchema = lazy('instituteAccessSchema');
export const transferSiteSchema = lazy('transferSiteSchema');
