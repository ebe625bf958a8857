/**
 * GET exams/export/{examId}/{userId}: an exam as a package (docs/exam-package.md) — questions.xlsx (sheets Questions
 * and Exam), the same tables as questions.csv and exam.csv, and every media file the questions use under media/ with a
 * readable name (q21-listening.mp3, q05-option2.png; a file used twice is in the package once, under its first name).
 * Only whom may change the exam may export it (its owner, an admin): loadExamFor 'write'. Also the template package
 * the import dialog offers: the same files, with an example Reading and Listening question.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buffer as readStream } from 'node:stream/consumers';
import { asc, eq, inArray } from 'drizzle-orm';
import yazl from 'yazl';
import { EXAM_COLUMNS, PACKAGE_FILES, QUESTION_COLUMNS, type ExamColumn } from 'shared-api/exam-package';
import { MEDIA_NAME_RE } from 'shared-api/media-url';
import type { QuestionFields } from 'shared-api/types';
import type { AuthUser } from '../../auth/index.ts';
import { SERVER_ROOT } from '../../config.ts';
import type { Executor } from '../../db/index.ts';
import { categories, media, questions, type Exam as ExamRow } from '../../db/schema.ts';
import { loadExamFor } from '../exams.ts';
import { rowToFields } from '../questions.ts';
import { mediaFileName, questionCells } from './rows.ts';
import { csvBytes, workbookBytes, type Table } from './sheets.ts';

export interface PackageFile {
  /** the file name to save it as (from the exam's title) */
  filename: string;
  data: Buffer;
}

/** The Exam sheet's row of an exam. */
export function examCells(exam: Pick<ExamRow, 'title' | 'type' | 'isCbt' | 'refExam' | 'playLimit' | 'reviewPolicy'>, category: string | null): (string | number)[] {
  const cells: Record<ExamColumn, string | number> = {
    title: exam.title, type: exam.type, format: exam.isCbt ? 'CBT' : 'UBT', category: category ?? '', reference_exam: exam.refExam,
    play_limit: exam.playLimit ?? '', review_policy: exam.reviewPolicy,
  };
  return EXAM_COLUMNS.map((c) => cells[c]);
}

/** The ZIP of a package's tables and media files (`files`: name in media/ → bytes). */
async function zipPackage(questionRows: Table['rows'], examRow: Table['rows'][number], files: Map<string, Buffer>, mtime: Date): Promise<Buffer> {
  const questionTable: Table = { columns: QUESTION_COLUMNS, rows: questionRows };
  const examTable: Table = { columns: EXAM_COLUMNS, rows: [examRow] };
  const zip = new yazl.ZipFile();
  // already compressed formats (xlsx, mp3, png, jpeg) are stored as they are
  zip.addBuffer(await workbookBytes(questionTable, examTable), PACKAGE_FILES.workbook, { mtime, compress: false });
  zip.addBuffer(csvBytes(questionTable), PACKAGE_FILES.questionsCsv, { mtime });
  zip.addBuffer(csvBytes(examTable), PACKAGE_FILES.examCsv, { mtime });
  for (const [name, data] of files) zip.addBuffer(data, `${PACKAGE_FILES.mediaDir}${name}`, { mtime, compress: false });
  zip.end();
  return readStream(zip.outputStream);
}

/** The Content-Disposition of a download named `filename` (RFC 6266: an ASCII fallback, the UTF-8 name beside it). */
export function attachment(filename: string): string {
  const dot = filename.lastIndexOf('.');
  const base = filename.slice(0, dot).normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '').replace(/^[-\s]+|[-\s]+$/g, '');
  const ascii = `${base || 'exam'}${filename.slice(dot)}`;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** A file name from an exam's title: letters and digits of any script kept, the rest as '-'. */
export function packageFileName(title: string): string {
  const base = title.normalize('NFC').replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '').slice(0, 80);
  return `${base || 'exam'}.zip`;
}

/** The package of exam `examId`, for `me` (its owner or an admin; 404/403 otherwise). */
export async function exportExam(db: Executor, me: AuthUser, examId: string): Promise<PackageFile> {
  const exam = await loadExamFor(db, me, examId, 'write');
  const rows = await db.select().from(questions).where(eq(questions.examId, exam.id)).orderBy(asc(questions.questionNumber));
  const [category] = exam.categoryId
    ? await db.select({ title: categories.title }).from(categories).where(eq(categories.id, exam.categoryId)).limit(1)
    : [];
  // each stored file once, named after its first use
  const nameOf = new Map<string, string>();
  const cells = rows.map((row) => questionCells(rowToFields(row), (url, _kind, field) => {
    const stored = MEDIA_NAME_RE.exec(url.replace(/^\/media\//, ''));
    if (!stored || !url.startsWith('/media/')) return url;
    if (!nameOf.has(stored[1]!)) nameOf.set(stored[1]!, mediaFileName(row.questionNumber, field, stored[2]!));
    return nameOf.get(stored[1]!)!;
  }));
  const hashes = [...nameOf.keys()];
  const stored = hashes.length ? await db.select({ hash: media.hash, data: media.data }).from(media).where(inArray(media.hash, hashes)) : [];
  const bytes = new Map(stored.map((m) => [m.hash, m.data]));
  const files = new Map<string, Buffer>();
  for (const [hash, name] of nameOf) {
    const data = bytes.get(hash);
    // a question saved through the API never names a file that is not stored (exam-questions.ts checks it)
    if (!data) throw new Error(`exam ${exam.id}: media ${hash} is not stored`);
    files.set(name, data);
  }
  return {
    filename: packageFileName(exam.title),
    data: await zipPackage(cells, examCells(exam, category?.title ?? null), files, exam.updatedAt),
  };
}

/** The template's two questions (docs/exam-package.md shows the first as its example row). */
const EXAMPLES: QuestionFields[] = [
  {
    type: 'Reading', question_number: 5, item_type: 'fill_blank', main_heading: '빈칸에 들어갈 가장 알맞은 것을 고르십시오.',
    main_heading_image: false, heading: '', description: '저는 아침마다 (      )을/를 마십니다.', description_image: false,
    description_boxed: true, option_type: 'text', option1: '우유', option2: '의자', option3: '신발', option4: '연필', listening: '',
    answer: '1', answer_details: '마시는 것은 우유입니다.', main_heading_alt: '', description_alt: '', option1_alt: '', option2_alt: '',
    option3_alt: '', option4_alt: '',
  },
  {
    type: 'Listening', question_number: 23, item_type: 'what_you_heard', main_heading: '다음을 듣고 들은 것을 고르십시오.',
    main_heading_image: false, heading: '', description: '', description_image: false, description_boxed: false, option_type: 'text',
    option1: '공원', option2: '공항', option3: '공장', option4: '공책', listening: 'q23-listening.mp3', answer: '3',
    answer_details: '', main_heading_alt: '', description_alt: '', option1_alt: '', option2_alt: '', option3_alt: '', option4_alt: '',
  },
];
/** the demo exam's recording of question 23 (server/seed/media): 공장 */
const EXAMPLE_AUDIO = path.join(SERVER_ROOT, 'seed', 'media', 'q23.mp3');

/** The template package: the example questions, an example Exam row and the example's audio. */
export async function templatePackage(): Promise<PackageFile> {
  const cells = EXAMPLES.map((q) => questionCells(q, (name) => name));
  const exam = examCells({ title: 'My mock exam', type: 'private', isCbt: false, refExam: '', playLimit: null, reviewPolicy: 'answers' }, null);
  const files = new Map([['q23-listening.mp3', await fs.promises.readFile(EXAMPLE_AUDIO)]]);
  return { filename: 'exam-package-template.zip', data: await zipPackage(cells, exam, files, new Date(Date.UTC(2026, 0, 1))) };
}
