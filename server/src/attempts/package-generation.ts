/**
 * This process's changes to exams' questions and to media renditions, counted: the exam packages' version cache
 * (exam-package.ts) keys on it, so a change made here is seen at once. Call packagesChanged after (not before) the
 * change is committed.
 */
let generation = 0;

export function packagesChanged(): void {
  generation++;
}

export function packageGeneration(): number {
  return generation;
}
