/**
 * The question, exam-access and blueprint schemas (./schemas/question.ts, ./schemas/exam-access.ts, ./schemas/blueprint.ts), which the server runs on
 * the same bodies: handles that fetch them with the first of those forms that validates. Exported by
 * shared-api/back-office only, so no student page carries them.
 */
import { lazyModule, type LazySchema } from 'shared-api';
import type * as All from './schemas/back-office';

type Schemas = typeof All;

// offline: the next validation tries again
const schemas = lazyModule<Schemas>(() => import(/* webpackChunkName: "back-office-forms" */ './schemas/back-office'));

// (as ./lazy-schemas.ts makes them; not shared from there, which would cost the student's first render)
const lazy = <K extends keyof Schemas>(name: K): LazySchema<Schemas[K]> =>
  ({ lazySchema: true, name, load: () => schemas.load().then((m) => m[name]) });

export const questionSchema = lazy('questionSchema');
export const accessSchema = lazy('accessSchema');
export const extraTimeSchema = lazy('extraTimeSchema');
export const blueprintSchema = lazy('blueprintSchema');
