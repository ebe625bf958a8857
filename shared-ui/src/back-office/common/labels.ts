/** Labels of stored values, shown in the interface's language (the values themselves stay as they are). */
import { i18n, type ExamType } from 'shared-api';

/** English shows the exam type's value itself (as before translations); other languages a translation. */
const EXAM_TYPE_LABELS: Record<ExamType, string> = { private: /*i18n*/ 'private', public: /*i18n*/ 'public', free_for_all: /*i18n*/ 'free_for_all' };

export const examTypeLabel = (type: ExamType): string => (EXAM_TYPE_LABELS[type] ? i18n._(EXAM_TYPE_LABELS[type]) : type);
