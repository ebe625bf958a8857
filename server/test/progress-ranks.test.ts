/**
 * A student's rank on each result (GET /api/results/ranks/:userId, src/attempts/ranks.ts): competition ranking on the
 * score out of 200 among the attempts of that exam under the same institute, ties "1224", the percentile rank, other
 * institutes and exams left out, students of no institute among themselves; one query at 3000 results.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { SQL } from 'drizzle-orm';
import type { ResultRank } from 'shared-api/types';
import { percentileRank, studentRanks } from '../src/attempts/ranks.ts';
import { results } from '../src/db/schema.ts';
import { tokenFor } from './helpers.ts';
import { peopleWorld, type PeopleWorld } from './people-setup.ts';

let w: PeopleWorld;
let seq = 0;
const OTHER_EXAM = 'other-exam-id';

/** A result row of `totalScore` points (reading and listening split evenly, 5 points a question). */
function resultRow(userId: string, instituteId: string | null, totalScore: number, createdAt: Date, examId = w.ids.exam) {
  const n = ++seq;
  return {
    id: `res-${n}`, attemptId: `att-${n}`, examId, examTitle: 'EPS-TOPIK Mock Test 1', userId, instituteId,
    score: totalScore / 5, totalQuestions: 40, attempted: 40, answers: [], createdAt,
    totalScore, readingScore: Math.ceil(totalScore / 10) * 5, listeningScore: totalScore - Math.ceil(totalScore / 10) * 5,
  };
}

const day = (d: number) => new Date(Date.UTC(2031, 0, d, 10));

async function ranksOf(userId: string, token: string): Promise<ResultRank[]> {
  const res = await w.call('GET', `results/ranks/${userId}`, token);
  assert.equal(res.statusCode, 200, res.body);
  return (res.json() as { ranks: ResultRank[] }).ranks;
}

before(async () => {
  w = await peopleWorld();
  const A = w.ids.institute;
  const B = w.ids.instB;
  await w.t.db.insert(results).values([
    // institute A, this exam: 200, 180, 150 (student), 150 (classmate), 120 (student), 100
    resultRow('classmate-1', A, 200, day(1)),
    resultRow('classmate-2', A, 180, day(1)),
    resultRow(w.ids.student, A, 150, day(2)),
    resultRow('classmate-3', A, 150, day(2)),
    resultRow(w.ids.student, A, 120, day(3)),
    resultRow('classmate-4', A, 100, day(3)),
    // institute B, this exam: all above the student, never counted for A
    resultRow(w.ids.studentB, B, 195, day(1)),
    resultRow('b-2', B, 190, day(1)),
    resultRow('b-3', B, 185, day(1)),
    // no institute, this exam
    resultRow(w.ids.newStudent, null, 90, day(4)),
    resultRow('free-1', null, 140, day(4)),
    // another exam under A: its own group
    resultRow(w.ids.student, A, 60, day(5), OTHER_EXAM),
    resultRow('classmate-1', A, 190, day(5), OTHER_EXAM),
  ]);
});
after(async () => { await w?.t.close(); });

describe('rank among the attempts of an exam under the same institute', () => {
  it('ranks each of the student\'s results, newest first; ties share the best place and the next place is skipped', async () => {
    const ranks = await ranksOf(w.ids.student, w.tok.student);
    assert.deepEqual(ranks.map((r) => [r.exam_id, r.rank, r.of, r.scope]), [
      [OTHER_EXAM, 2, 2, 'institute'],
      [w.ids.exam, 5, 6, 'institute'], // 120: below 200, 180, 150, 150
      [w.ids.exam, 3, 6, 'institute'], // 150: tied with a classmate, both 3rd
    ]);
  });

  it('gives the percentile rank: those below plus half of the tied, of all', async () => {
    const ranks = await ranksOf(w.ids.student, w.tok.student);
    // 150: 2 below (120, 100), 2 tied -> (2 + 1) / 6 = 50 %
    assert.equal(ranks[2]!.percentile, 50);
    // 120: 1 below, itself alone -> 1.5 / 6 = 25 %
    assert.equal(ranks[1]!.percentile, 25);
    // last of 2 -> 0.5 / 2
    assert.equal(ranks[0]!.percentile, 25);
  });

  it('leaves out other institutes: the other institute\'s student is ranked among its own', async () => {
    const ranks = await ranksOf(w.ids.studentB, w.tok.studentB);
    assert.deepEqual(ranks.map((r) => [r.rank, r.of, r.percentile]), [[1, 3, 83.3]]);
  });

  it('ranks a student of no institute among the attempts of students of no institute', async () => {
    const ranks = await ranksOf(w.ids.newStudent, w.tok.newStudent);
    assert.deepEqual(ranks.map((r) => [r.rank, r.of, r.scope]), [[2, 2, 'none']]);
  });

  it('answers an empty list to a student with no results', async () => {
    const res = await w.call('POST', `users/createUser/${w.ids.institute}`, w.tok.institute, {
      firstname: 'Nima', lastname: 'Sherpa', email: 'ranks-none@example.com', password: 'password123', confirmPassword: 'password123',
    });
    assert.equal(res.statusCode, 201, res.body);
    const token = await tokenFor(w.t.app, 'ranks-none@example.com');
    assert.deepEqual(await ranksOf(res.json()._id as string, token), []);
  });

  it('refuses another student\'s ranks and the back office', async () => {
    assert.equal((await w.call('GET', `results/ranks/${w.ids.student}`, w.tok.studentB)).statusCode, 403);
    assert.equal((await w.call('GET', `results/ranks/${w.ids.institute}`, w.tok.institute)).statusCode, 403);
  });

  it('computes the percentile rank by the documented rule', () => {
    assert.equal(percentileRank(1, 85, 1), 99.4);
    assert.equal(percentileRank(85, 85, 1), 0.6);
    assert.equal(percentileRank(1, 1, 1), 50);
    assert.equal(percentileRank(1, 4, 4), 50); // everyone tied
  });
});

describe('at scale', () => {
  it('ranks among 3000 results of one institute in one query', async () => {
    const inst = w.ids.instB;
    const exam = 'scale-exam';
    const rows = [];
    // scores 0..200 in steps of 5, spread over 3000 attempts (many ties), plus the student's four
    for (let i = 0; i < 3000; i++) rows.push(resultRow(`s-${i}`, inst, ((i * 37) % 41) * 5, day(6), exam));
    const mine = [200, 135, 135, 0].map((s, i) => resultRow(w.ids.studentB, inst, s, new Date(day(7).getTime() + i * 1000), exam));
    for (let i = 0; i < rows.length; i += 500) await w.t.db.insert(results).values(rows.slice(i, i + 500));
    await w.t.db.insert(results).values(mine);

    let queries = 0;
    const counting = { execute: (q: SQL) => { queries++; return w.t.db.execute(q); } };
    const ranks = (await studentRanks(counting, w.ids.studentB)).filter((r) => r.exam_id === exam);
    assert.equal(queries, 1);

    const all = [...rows, ...mine].map((r) => r.totalScore);
    const expected = [...mine].reverse().map((m) => {
      const above = all.filter((s) => s > m.totalScore).length;
      const same = all.filter((s) => s === m.totalScore).length;
      return [1 + above, all.length, percentileRank(1 + above, all.length, same)];
    });
    assert.deepEqual(ranks.map((r) => [r.rank, r.of, r.percentile]), expected);
    // spot check by hand: 200 is the top score; 3000 / 41 = 73 or 74 attempts share each score, the student's one more
    assert.equal(ranks[3]!.rank, 1);
    assert.equal(ranks[0]!.rank, all.length - all.filter((s) => s === 0).length + 1);
    // and through the route
    const viaHttp = (await ranksOf(w.ids.studentB, w.tok.studentB)).filter((r) => r.exam_id === exam);
    assert.deepEqual(viaHttp, ranks);
  });
});
