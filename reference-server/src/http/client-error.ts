// Refusals made below Hono: a request Node's HTTP parser rejects (clientError) and one whose URL
// or Host @hono/node-server cannot turn into a Request. Both answer JSON {error} like every other
// refusal instead of Node's bare 400 or the adapter's empty text/plain one.
import type { Socket } from 'node:net';

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/** Status and sentence for a parser error code (llhttp's HPE_* names, Node's ERR_HTTP_*). */
function describe(code: string | undefined): { status: 400 | 408 | 431; error: string } {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, error: 'The request line and headers are too large.' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT' || code === 'HPE_REQUEST_TIMEOUT') {
    return { status: 408, error: 'The request took too long to arrive.' };
  }
  return { status: 400, error: `The request could not be parsed as HTTP/1.1 (${code ?? 'malformed'}).` };
}

/** The server's `clientError` listener: a JSON answer when the socket can still carry one, then close. */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const { status, error: message } = describe(error.code);
  const body = JSON.stringify({ error: message });
  socket.end(
    `HTTP/1.1 ${status} ${REASONS[status]}\r\nContent-Type: application/json; charset=UTF-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

const json = (status: number, error: string) =>
  new Response(JSON.stringify({ error }), {
    status,
    headers: { 'Content-Type': 'application/json; charset=UTF-8' },
  });

/**
 * @hono/node-server's errorHandler. Its RequestError is a request it could not build (invalid URL,
 * Host or scheme): 400. Anything else escaped the app's own error mapper: a generic 500.
 */
export function answerRequestError(error: unknown): Response {
  if (error instanceof Error && error.name === 'RequestError') {
    return json(400, `The request URL or Host header is not valid (${error.message}).`);
  }
  console.error('request failed outside the app:', error);
  return json(500, 'Internal server error.');
}
