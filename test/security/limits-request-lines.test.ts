// Requests the HTTP layer cannot parse (a malformed request line, a bad header, an invalid Host
// or URL) are answered like every other refusal: a 4xx with a JSON {error} body, then closed.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
});
afterAll(() => server.close());

/** Writes raw bytes and reads until the server closes (or 2 s pass): status, headers, body. */
function raw(bytes: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve) => {
    let text = '';
    const socket = connect(server.port, '127.0.0.1', () => socket.write(bytes));
    const done = () => {
      const [head, ...rest] = text.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      let body = rest.join('\r\n\r\n');
      if (headers['transfer-encoding'] === 'chunked')
        body = body
          .replace(/^[0-9a-f]+\r\n/, '')
          .replace(/\r\n0\r\n$/, '')
          .replace(/0\r\n$/, '');
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    };
    const timer = setTimeout(() => {
      socket.destroy();
      done();
    }, 2000);
    socket.on('data', (chunk) => {
      text += chunk;
    });
    socket.on('close', () => {
      clearTimeout(timer);
      done();
    });
  });
}

describe('malformed requests', () => {
  const cases: Array<[string, string, number]> = [
    ['a request line that is not HTTP', 'GARBAGE\r\n\r\n', 400],
    ['a lower-case method', 'get / HTTP/1.1\r\nHost: x\r\n\r\n', 400],
    ['a control character in the path', 'GET /\u0001 HTTP/1.1\r\nHost: x\r\n\r\n', 400],
    ['an unknown HTTP version', 'GET / HTTP/9.9\r\nHost: x\r\n\r\n', 400],
    ['a header line without a colon', 'GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n', 400],
    ['a Content-Length that is not a number', 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n', 400],
    ['an invalid absolute URL', 'GET http://[ HTTP/1.1\r\nHost: x\r\n\r\n', 400],
    ['an invalid Host', 'GET / HTTP/1.1\r\nHost: a b\r\n\r\n', 400],
    ['an asterisk request target', 'GET * HTTP/1.1\r\nHost: x\r\n\r\n', 400],
    ['headers over the size limit', `GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431],
  ];
  for (const [what, bytes, status] of cases) {
    it(`answers ${what} with ${status} and a JSON {error}`, async () => {
      const answer = await raw(bytes);
      expect(answer.status).toBe(status);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(answer.body)).toEqual({ error: expect.stringMatching(/\w/) });
    });
  }

  it('keeps serving well-formed requests afterwards', async () => {
    await raw('GARBAGE\r\n\r\n');
    expect((await fetch(`${server.url}/openapi.json`)).status).toBe(200);
  });
});
