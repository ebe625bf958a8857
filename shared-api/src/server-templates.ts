/**
 * The server's `{ error }` texts that it builds with values (a wait, a count, a question's problem): each listed here
 * as a Lingui message with placeholders, so that ./i18n.ts translateServerMessage can show a text the server wrote in
 * the current language. A placeholder stands for a number (`NUMERIC` names: shown in the language's digits), a list
 * of numbers (`numbers`), or a text (any other name: itself a server text, translated in turn when it is one).
 * The fixed texts are in ./server-messages.ts; server-messages.test.ts fails on a server text that neither lists.
 */
export const SERVER_TEMPLATES: readonly string[] = [
  // server/src/auth/throttle.ts
  /*i18n*/ 'Too many failed sign-in attempts. Please wait {minutes} minutes and try again, or call your institute.',
  /*i18n*/ 'Too many failed sign-in attempts. Please wait {seconds} seconds and try again, or call your institute.',
  /*i18n*/ 'Too many wrong current passwords. Please wait {minutes} minutes and try again.',
  /*i18n*/ 'Too many wrong current passwords. Please wait {seconds} seconds and try again.',
  // server/src/request-budget.ts
  /*i18n*/ 'Too many requests. Please wait {seconds} seconds and try again.',
  // server/src/authoring/questions.ts publishProblem, server/src/authoring/exam-questions.ts
  /*i18n*/ 'Not Ready To Publish: {reading} Reading and {listening} Listening questions; exactly {count} of each are needed',
  /*i18n*/ 'Not Ready To Publish: {reading} Reading and {listening} Listening questions; exactly {count} of each are needed. Missing question numbers: {numbers}',
  /*i18n*/ 'Not Ready To Publish: question {number}: {problem}',
  /*i18n*/ 'A published exam must stay complete. {problem}',
  // server/src/transfer/remote.ts (the reasons: ./server-messages.ts)
  /*i18n*/ 'Error Getting Exam: {reason}',
  /*i18n*/ 'Error Transfering Exam: {reason}',
  /*i18n*/ 'the other site answered {number}',
  /*i18n*/ 'bad data: {detail}',
  // server/src/people/accounts.ts
  /*i18n*/ 'CSV cannot have more than {count} rows',
  // server/src/authoring/item-statistics.ts (the Question Summary's note)
  /*i18n*/ 'Based on {count} results; figures under {reliable} results are unreliable',
  /*i18n*/ 'Based on {count} result; figures under {reliable} results are unreliable',
  // server/src/authoring/package/ (an exam package and its report; {what}: 'The package' or 'The workbook')
  /*i18n*/ '{what} cannot hold more than {count} files',
  /*i18n*/ '{what} holds a file whose path is not safe: {file}',
  /*i18n*/ '{what} holds a link, not a file: {file}',
  /*i18n*/ '{what} holds an encrypted file: {file}',
  /*i18n*/ '{what} unpacks to more than {count} MB',
  /*i18n*/ '{what} holds a file packed too tightly to be safe: {file}',
  /*i18n*/ '{what} holds two files named {file}',
  /*i18n*/ 'The file {file} in the package cannot be read',
  /*i18n*/ 'The file cannot exceed {count} MB',
  /*i18n*/ 'A formula is not read: type its value instead of ={formula}',
  /*i18n*/ 'Media file {file} is not in the package',
  /*i18n*/ 'Media file {file}: {problem}',
  /*i18n*/ '{column} must be yes or no',
  /*i18n*/ 'The package has {count} problem: see the report',
  /*i18n*/ 'The package has {count} problems: see the report',
];

/** Placeholders that stand for a whole number. */
const NUMERIC = new Set(['minutes', 'seconds', 'reading', 'listening', 'count', 'number', 'reliable']);

interface Pattern { id: string; re: RegExp; names: string[] }
let patterns: Pattern[] | null = null;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(): Pattern[] {
  return SERVER_TEMPLATES.map((id) => {
    const names: string[] = [];
    const source = id
      .split(/(\{\w+\})/)
      .map((part) => {
        const name = /^\{(\w+)\}$/.exec(part)?.[1];
        if (!name) return escape(part);
        names.push(name);
        if (NUMERIC.has(name)) return '(\\d+)';
        if (name === 'numbers') return '(\\d+(?:, \\d+)*)';
        return '(.+)';
      })
      .join('');
    return { id, re: new RegExp(`^${source}$`, 's'), names };
  });
}

export type Placeholder = { kind: 'number' | 'text'; value: string };

/**
 * The template a server text was built from, with its values, or null. The first template that matches wins (none of
 * them matches another's texts).
 */
export function matchServerTemplate(text: string): { id: string; values: Record<string, Placeholder> } | null {
  patterns ??= compile();
  for (const p of patterns) {
    const m = p.re.exec(text);
    if (!m) continue;
    const values: Record<string, Placeholder> = {};
    p.names.forEach((name, i) => {
      values[name] = { kind: NUMERIC.has(name) || name === 'numbers' ? 'number' : 'text', value: m[i + 1]! };
    });
    return { id: p.id, values };
  }
  return null;
}
