/** Question Summary: which of the 40 numbers exist, and per number how the results answered it (item analysis: ./item-statistics.ts). */
import { LISTENING_RANGE, READING_RANGE, UNANSWERED } from 'shared-api/constants';
import type { ItemAnalysis, OptionType, QuestionSummaryRow, QuestionType } from 'shared-api/types';
import { CHOICES, itemStatistics, type Choice, type ScoredResponse, type Section } from './item-statistics.ts';

export type { QuestionSummaryRow };


export interface SummaryQuestion {
  id: string;
  questionNumber: number;
  type: string;
  optionType: string;
  answer: string;
}

/** The parts of a stored result answer the analysis reads (decoded from stored text, possibly written by an older version: trust nothing). */
export interface AnalysedAnswer {
  questionNumber?: unknown;
  answer?: unknown;
  correct?: unknown;
}

/** A result's answers as responses by question number: the first answer per number, '1'..'4' or unanswered. */
export function responsesOf(answers: AnalysedAnswer[], numbers: ReadonlySet<number>): Map<number, ScoredResponse> {
  const out = new Map<number, ScoredResponse>();
  if (!Array.isArray(answers)) return out;
  for (const a of answers) {
    const n = Number(a?.questionNumber);
    if (!numbers.has(n) || out.has(n)) continue; // one answer per question per result; answers to missing questions are ignored
    const choice = String(a.answer ?? UNANSWERED);
    const valid = (CHOICES as readonly string[]).includes(choice);
    out.set(n, { choice: valid ? (choice as Choice) : null, correct: valid && a.correct === true });
  }
  return out;
}

export const SECTIONS: Section[] = [
  { label: 'Reading', range: READING_RANGE },
  { label: 'Listening', range: LISTENING_RANGE },
];

/**
 * The Question Summary of numbers 1-40 with item analysis over `results` (given oldest first: the order breaks ties
 * at the 27% cuts). Numbers with no question get empty figures.
 */
export function itemAnalysis(questionRows: SummaryQuestion[], results: AnalysedAnswer[][], institute: string | null = null): ItemAnalysis {
  const byNumber = new Map(questionRows.map((q) => [q.questionNumber, q]));
  const existing = [...byNumber.values()]
    .filter((q) => q.questionNumber >= READING_RANGE[0] && q.questionNumber <= LISTENING_RANGE[1])
    .sort((a, b) => a.questionNumber - b.questionNumber);
  const numbers = new Set(existing.map((q) => q.questionNumber));
  const responses = results.map((answers) => responsesOf(answers, numbers));
  const stats = itemStatistics(existing.map((q) => ({ questionNumber: q.questionNumber, key: q.answer })), responses, SECTIONS);

  const rows: QuestionSummaryRow[] = [];
  for (let n = READING_RANGE[0]; n <= LISTENING_RANGE[1]; n++) {
    const q = byNumber.get(n);
    const f = stats.items.get(n);
    const choices = { 1: 0, 2: 0, 3: 0, 4: 0 };
    const wrong = { 1: 0, 2: 0, 3: 0, 4: 0 };
    for (const r of responses) {
      const a = r.get(n);
      if (!a?.choice) continue;
      choices[a.choice]++;
      if (!a.correct) wrong[a.choice]++;
    }
    let mostChosenWrong: string | null = null;
    for (const o of CHOICES) if (wrong[o] > 0 && (mostChosenWrong === null || wrong[o] > wrong[mostChosenWrong as Choice])) mostChosenWrong = o;
    rows.push({
      question_number: n,
      exists: !!q,
      _id: q?.id ?? null,
      type: (q?.type as QuestionType | undefined) ?? null,
      option_type: (q?.optionType as OptionType | undefined) ?? null,
      answered: CHOICES.reduce((t, o) => t + choices[o], 0),
      correct: f?.correct ?? 0,
      correctRate: results.length ? (f?.correct ?? 0) / results.length : null,
      mostChosenWrong,
      choices,
      unanswered: f?.unanswered ?? 0,
      facility: f?.facility ?? null,
      pointBiserial: f?.pointBiserial ?? null,
      pointBiserialReason: f ? f.pointBiserialReason : 'No question with this number',
      discrimination: f?.discrimination ?? null,
      discriminationReason: f ? f.discriminationReason : 'No question with this number',
      distractors: f?.distractors ?? [],
      flags: f?.flags ?? [],
    });
  }
  return { results: stats.results, institute, note: stats.note, groupSize: stats.groupSize, exam: stats.exam, sections: stats.sections, questions: rows };
}
