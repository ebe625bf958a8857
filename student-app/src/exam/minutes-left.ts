/**
 * Whole minutes left (`secondsLeft` on the server's clock when the list arrived at `receivedAt`). Pure and without
 * imports: the exam list's first paint (../first-paint/paint.ts) computes it as the list does (./running-note.tsx).
 */
export function minutesLeft(secondsLeft: number, receivedAt: number, now: number = Date.now()): number {
  return Math.max(0, Math.ceil((secondsLeft * 1000 - Math.max(0, now - receivedAt)) / 60_000));
}
