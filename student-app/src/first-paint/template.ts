/**
 * What the exam list's first paint is made of (./render.tsx makes it at build time, ./paint.ts fills it in the
 * browser): the student area rendered by its own components around template exams whose texts are tokens, per
 * language, and the CSS they need.
 */
export const TOKEN = {
  title: '\uE000t\uE001',
  category: '\uE000c\uE001',
  reason: '\uE000r\uE001',
  runningReason: '\uE000q\uE001',
  name: '\uE000n\uE001',
} as const;

/** Template figures, shown as the language writes them (`sentinels`): the paint writes the real ones in their place. */
export const FIGURE = { bytes: 987_600_000, remaining: 987_653, minutes: 987_652 } as const;

export interface LanguageTemplate {
  /**
   * /student/exams for a verified student with one exam in each list: the available one a CBT exam with every part
   * (category, size, attempts left, a running attempt with a reason), the other a UBT one with every part and its reason
   */
  page: string;
  /** the same page for a student without an institute (the not-verified alert) and both lists empty */
  empty: string;
  strings: { start: string; resume: string; startLabel: string; resumeLabel: string };
  /** FIGURE as the page writes them */
  sentinels: { size: string; remaining: string; minutes: string };
  /** the access rules' reasons (shared-api/access-reasons) in the language: the only server texts the list shows */
  reasons: Record<string, string>;
}

export interface FirstPaintTemplate {
  /** the same in both languages */
  css: string;
  lang: Record<'en' | 'ne', LanguageTemplate>;
}
