/**
 * Why an exam cannot be started: the server's words (server/src/access/rules.ts REASONS) in the exam lists' `reason`
 * and `running.reason`, and in its refusal of a start. Listed here for Lingui's extraction, so the student reads them
 * in the chosen language (`translateServerMessage` where they are shown); access-reasons.test.ts keeps the list equal
 * to the server's.
 */
import { translateServerMessage } from 'shared-api';

export const ACCESS_REASONS: readonly string[] = [
  /*i18n*/ 'Exam is not available',
  /*i18n*/ "You are not verified because any institutes haven't enroll you. And you cannot attend exam created by admin or institutes.",
  /*i18n*/ 'You do not have access to this exam. Contact your institute.',
  /*i18n*/ 'You have no attempts left for this exam.',
  /*i18n*/ 'Your access period is not active now.',
];

/** A reason from the server as the student reads it (one it does not know: as the server wrote it). */
export const reasonText = (reason: string): string => translateServerMessage(reason);
