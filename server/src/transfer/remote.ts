/**
 * What the transfer routes call: the other site's exam list, fetched by this server (the page's Content-Security-Policy
 * keeps the browser on its own origin), and copying one of its exams here (./copy.ts). A refusal of the guard or of
 * the other site is the admin's 400 '<title>: <reason>'.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Exam as ExamJson } from 'shared-api/types';
import type { AuthUser } from '../auth/index.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { HttpError } from '../errors.ts';
import { examJson } from '../authoring/exams.ts';
import { fetchRemoteExams, guardOptions, remoteSite, transferExam, type RemoteExam } from './copy.ts';
import { GuardedFetcher, TransferError } from './guarded-fetch.ts';

export const TRANSFER_MSG = { list: 'Error Getting Exam', copy: 'Error Transfering Exam' } as const;

/** The other deployment and the admin's token there. */
export interface SiteBody { url: string; userId: string; token: string }

function asHttpError(err: unknown, title: string): unknown {
  if (err instanceof TransferError) return new HttpError(400, `${title}: ${err.reason}`);
  return err;
}

export async function remoteExams(config: Config, body: SiteBody): Promise<RemoteExam[]> {
  try {
    return await fetchRemoteExams(new GuardedFetcher(guardOptions(config)), remoteSite(body));
  } catch (err) {
    throw asHttpError(err, TRANSFER_MSG.list);
  }
}

/** Copies the other site's exam `body.exam` here, as `me`'s. */
export async function copyRemoteExam(db: Db, config: Config, me: AuthUser, body: SiteBody & { exam: string }, log: FastifyBaseLogger): Promise<ExamJson> {
  let id: string;
  try {
    id = await transferExam(db, me, new GuardedFetcher(guardOptions(config)), remoteSite(body), body.exam.trim());
  } catch (err) {
    throw asHttpError(err, TRANSFER_MSG.copy);
  }
  log.info({ exam: id, from: body.url, source: body.exam }, 'exam transferred');
  return examJson(db, id);
}
