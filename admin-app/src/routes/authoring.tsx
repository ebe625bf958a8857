/** Exam authoring routes of this area (exams, questions, results of an exam, categories, private-exam access). */
import type { NavItem } from 'shared-ui';

export const authoringNav: NavItem[] = [];
export const authoringRoutes = null;
