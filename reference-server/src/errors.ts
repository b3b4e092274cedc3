// The one error type of the server. Services throw it with a code; the error mapper picks the
// HTTP status from the code (never the service). Also the one wording of a schema refusal.
import type { ZodError } from 'zod';

export type ErrorCode =
  | 'bad_request'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'unprocessable'
  | 'too_many_requests'
  | 'server_error';

export class ServiceError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly detail?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

export const badRequest = (message: string) => new ServiceError('bad_request', message);
export const unauthenticated = (message = 'You need to sign in to access this project.') =>
  new ServiceError('unauthenticated', message);
export const forbidden = (message = 'Forbidden') => new ServiceError('forbidden', message);
export const notFound = (message: string) => new ServiceError('not_found', message);
export const unprocessable = (message: string, detail?: Record<string, unknown>) =>
  new ServiceError('unprocessable', message, detail);
export const payloadTooLarge = (message: string) => new ServiceError('payload_too_large', message);
export const tooManyRequests = (message: string) => new ServiceError('too_many_requests', message);
export const unsupportedMediaType = (message: string) => new ServiceError('unsupported_media_type', message);

/** The text of a schema refusal: the first issue, prefixed by its path (`issue.title: Required`). */
export function describeZodError(error: ZodError): string {
  const issue = error.issues[0];
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

/**
 * Status of each code, as docs/server.md#global-rules and docs/api-choices.md#error-bodies-and-statuses list them.
 */
export const STATUS_OF: Record<ErrorCode, 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500> = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  too_many_requests: 429,
  server_error: 500,
};
