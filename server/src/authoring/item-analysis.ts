/** Question Summary: which of the 40 numbers exist, and per number how the results answered it (item analysis). */
import { LISTENING_RANGE, READING_RANGE, UNANSWERED } from 'shared-api/constants';
import type { OptionType, QuestionSummaryRow, QuestionType } from 'shared-api/types';

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

const OPTIONS = ['1', '2', '3', '4'] as const;

export function questionSummary(questionRows: SummaryQuestion[], results: AnalysedAnswer[][]): QuestionSummaryRow[] {
  const byNumber = new Map(questionRows.map((q) => [q.questionNumber, q]));
  const rows: QuestionSummaryRow[] = [];
  const index = new Map<number, QuestionSummaryRow>();
  for (let n = READING_RANGE[0]; n <= LISTENING_RANGE[1]; n++) {
    const q = byNumber.get(n);
    const row: QuestionSummaryRow = {
      question_number: n,
      exists: !!q,
      _id: q?.id ?? null,
      type: (q?.type as QuestionType | undefined) ?? null,
      option_type: (q?.optionType as OptionType | undefined) ?? null,
      answered: 0,
      correct: 0,
      correctRate: results.length ? 0 : null,
      mostChosenWrong: null,
      choices: { 1: 0, 2: 0, 3: 0, 4: 0 },
    };
    rows.push(row);
    index.set(n, row);
  }
  const wrong = new Map<number, Record<string, number>>();
  for (const answers of results) {
    if (!Array.isArray(answers)) continue;
    const seen = new Set<number>();
    for (const a of answers) {
      const n = Number(a?.questionNumber);
      const row = index.get(n);
      if (!row || seen.has(n)) continue; // one answer per question per result
      seen.add(n);
      const choice = String(a.answer ?? UNANSWERED);
      if (!(OPTIONS as readonly string[]).includes(choice)) continue;
      row.answered++;
      row.choices[choice as (typeof OPTIONS)[number]]++;
      if (a.correct === true) row.correct++;
      else {
        const w = wrong.get(n) ?? {};
        w[choice] = (w[choice] ?? 0) + 1;
        wrong.set(n, w);
      }
    }
  }
  for (const row of rows) {
    if (results.length) row.correctRate = row.correct / results.length;
    const w = wrong.get(row.question_number);
    if (w) {
      let best: string | null = null;
      for (const o of OPTIONS) if ((w[o] ?? 0) > 0 && (best === null || w[o]! > w[best]!)) best = o;
      row.mostChosenWrong = best;
    }
  }
  return rows;
}
