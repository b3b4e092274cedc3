// The one place an error becomes an HTTP answer: a ServiceError's code picks the status from
// STATUS_OF; anything else is a 500 with a generic sentence and an id that is also in the log line, made here (only a
// 500 needs one).
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ZodError } from 'zod';
import { randomUUID } from 'node:crypto';
import { STATUS_OF, ServiceError, describeZodError } from '../errors.ts';

export function mapError(error: unknown, c: Context): Response {
  if (error instanceof ServiceError) {
    return c.json({ error: error.message, ...(error.detail ?? {}) }, STATUS_OF[error.code]);
  }
  if (error instanceof ZodError) {
    return c.json({ error: describeZodError(error) }, 422);
  }
  if (error instanceof HTTPException) {
    return c.json({ error: error.message || 'Bad request.' }, error.status);
  }
  const requestId = randomUUID().slice(0, 8);
  console.error(`[${requestId}] ${c.req.method} ${c.req.path} failed:`, error);
  return c.json({ error: `Internal server error (request ${requestId}).` }, 500);
}
