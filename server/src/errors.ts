/** Errors that become JSON answers {error: message}. Throw `httpError(403, 'Forbidden')` from any handler. */
export class HttpError extends Error {
  /** `details`: further fields of the JSON answer beside `error` (what the caller needs to recover) */
  constructor(public readonly statusCode: number, message: string, public readonly details?: Record<string, unknown>) {
    super(message);
    this.name = 'HttpError';
  }
}

export function httpError(statusCode: number, message: string, details?: Record<string, unknown>): HttpError {
  return new HttpError(statusCode, message, details);
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Unauthorized') => new HttpError(401, message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);
export const notFound = (message = 'Not Found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
