/**
 * A generated question bank for the content phase (./bench-content.mjs) and for timing the bank's queries by hand:
 * `items` questions of one owner in exams of 40 (each number its EPS-TOPIK section and item type, Korean texts from a
 * small word list, so that a search for a common word finds hundreds of items), and `results` stored results of the
 * owner's students spread over the exams that were sat (a quarter of the exams never were: their items are unrated),
 * each answer right with the item's own probability, so the items spread over the difficulty bands. Written straight
 * into the database (batched INSERTs) before the server starts: 5,000 questions through the question dialog's call
 * would take minutes of the bench and measure nothing it reports. Deterministic: a fixed seed, fixed dates.
 */
import { EPS_BLUEPRINT } from 'shared-api/item-types';
import { exams, questions, results } from '../server/src/db/schema.ts';
import { seeded as random } from '../server/src/random.ts';

const WORDS = ['사과', '학교', '병원', '공장', '회사', '기숙사', '버스', '지하철', '시장', '은행', '우체국', '식당', '도서관', '공원',
  '월급', '휴가', '안전모', '장갑', '기계', '작업', '동료', '사장님', '주말', '아침', '점심', '저녁', '날씨', '비', '눈', '바람'];
const VERBS = ['갑니다', '먹습니다', '일합니다', '삽니다', '봅니다', '만납니다', '기다립니다', '쉽니다', '배웁니다', '씁니다'];
const HEADINGS = {
  Reading: ['다음 그림을 보고 맞는 단어를 고르십시오.', '빈칸에 들어갈 가장 알맞은 것을 고르십시오.', '다음 글의 내용과 같은 것을 고르십시오.',
    '다음 질문에 알맞은 대답을 고르십시오.', '무엇에 대한 글입니까?'],
  Listening: ['다음을 듣고 알맞은 것을 고르십시오.', '다음 대화를 듣고 이어지는 말을 고르십시오.', '다음을 듣고 질문에 답하십시오.'],
};

/** The exam titles' prefix: the bank's own exams among the demo seed's. */
export const BANK_EXAM_PREFIX = 'Bank exam';

/**
 * Writes the bank. `students`: the ids of the owner's students (the results' authors, round robin). Returns
 * { exams, items, results, examIds }.
 */
export async function seedBank(db, { ownerId, students, items = 5000, results: resultCount = 3000, seed = 38, listening = '' }) {
  const rand = random(seed);
  // ids as the server makes them (24 hex digits), deterministic and distinct per bank: kind, seed, counter
  const idOf = (kind, i) => `${kind}${(seed & 0xffff).toString(16).padStart(4, '0')}${i.toString(16).padStart(18, '0')}`;
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const examCount = Math.ceil(items / 40);
  const day = 24 * 3600 * 1000;
  const base = Date.UTC(2025, 0, 6);
  const examIds = [];
  /** per exam: its questions' ids, numbers, keys and their probability of a right answer */
  const keys = [];
  let made = 0;
  for (let e = 0; e < examCount; e++) {
    const examId = idOf('e0', e);
    examIds.push(examId);
    await db.insert(exams).values({
      id: examId, title: `${BANK_EXAM_PREFIX} ${String(e + 1).padStart(3, '0')}`, type: 'private', status: 0, userId: ownerId,
      createdAt: new Date(base + e * day), updatedAt: new Date(base + e * day),
    });
    const rows = [];
    const exam = [];
    for (let n = 1; n <= 40 && made < items; n++, made++) {
      const section = n <= 20 ? 'Reading' : 'Listening';
      const [w1, w2, w3] = [pick(WORDS), pick(WORDS), pick(WORDS)];
      const answer = String(1 + Math.floor(rand() * 4));
      const id = idOf('a1', e * 40 + n);
      // most items between 0.3 and 0.9, some under 0.2 (hard) and some over 0.9 (easy)
      const p = Math.min(0.98, Math.max(0.05, 0.6 + (rand() - 0.5) * 0.9 + (rand() - 0.5) * 0.3));
      exam.push({ id, number: n, answer, p, section });
      rows.push({
        id, examId, type: section, questionNumber: n, itemType: EPS_BLUEPRINT[n - 1],
        mainHeading: pick(HEADINGS[section]),
        heading: `${w1}에서 ${pick(VERBS)}`,
        description: section === 'Reading' ? `저는 ${w1}에 ${pick(VERBS)}. 그리고 ${w2}에서 ${w3}을/를 봅니다. (${e + 1}-${n})` : '',
        descriptionBoxed: section === 'Reading' && n % 4 === 1,
        option1: pick(WORDS), option2: pick(WORDS), option3: pick(WORDS), option4: pick(WORDS),
        listening: section === 'Listening' ? listening : '',
        answer, answerDetails: `정답은 ${answer}번입니다.`,
        createdAt: new Date(base + e * day), updatedAt: new Date(base + e * day + n * 1000),
      });
    }
    await db.insert(questions).values(rows);
    keys.push(exam);
  }

  // results: three quarters of the exams sat, evenly
  const sat = examIds.map((_, i) => i).filter((i) => i % 4 !== 3);
  let written = 0;
  for (let r = 0; r < resultCount; r += 250) {
    const batch = [];
    for (let k = r; k < Math.min(resultCount, r + 250); k++) {
      const e = sat[k % sat.length];
      const student = students[k % students.length];
      const answers = keys[e].map((q) => {
        const correct = rand() < q.p;
        const wrong = String(1 + ((Number(q.answer) + Math.floor(rand() * 3)) % 4));
        return { question: q.id, questionNumber: q.number, type: q.section, answer: correct ? q.answer : wrong, correct };
      });
      const score = answers.filter((a) => a.correct).length;
      batch.push({
        id: idOf('b2', k), attemptId: idOf('c3', k), examId: examIds[e],
        examTitle: `${BANK_EXAM_PREFIX} ${String(e + 1).padStart(3, '0')}`, userId: student, instituteId: ownerId, score,
        totalQuestions: 40, attempted: 40, answers, createdAt: new Date(base + 200 * day + k * 60_000),
      });
    }
    await db.insert(results).values(batch);
    written += batch.length;
  }
  return { exams: examIds.length, items: made, results: written, examIds };
}
