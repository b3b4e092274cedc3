// A reference server in a process of its own (the published bin, a database file, the standard
// fixture), so a test can see whether a request ended it; and raw multipart bodies built byte by
// byte, including the shapes no well-behaved client sends.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ID, TOKENS, seedDocument } from '../helpers/seed.ts';

const BIN = join(import.meta.dirname, '../../reference-server/bin/glitchbox-server.mjs');

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  storage: string;
  /** What the process wrote to stderr so far (the log line of a 500). */
  stderr(): string;
  /** True while the process runs and answers a GET. */
  alive(): Promise<boolean>;
  stop(): Promise<void>;
}

export async function startServerProcess(extraArgs: string[] = []): Promise<ServerProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'glitchbox-hostile-'));
  const storage = join(dir, 'storage');
  const fixtures = join(dir, 'fixtures.json');
  writeFileSync(fixtures, JSON.stringify(seedDocument()));
  const args = ['--port', '0', '--db', join(dir, 'db.sqlite'), '--storage', storage, '--fixtures', fixtures];
  const child = spawn(process.execPath, [BIN, ...args, ...extraArgs], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (chunk) => {
    err += chunk;
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const match = /listening on (http:\/\/\S+)\n/.exec(out);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${err}`)));
  });
  return {
    child,
    url,
    storage,
    stderr: () => err,
    alive: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return false;
      const r = await fetch(`${url}/projects/${PROJECT_ID}.json`, { headers: API_HEADERS }).catch(() => null);
      await r?.arrayBuffer();
      return r?.status === 200;
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** The headers of a game's request with the bug-report token. */
export const API_HEADERS = {
  Authorization: `FormUser ${TOKENS.all}`,
  'Service-Project-ID': PROJECT_ID,
  Accept: 'application/json',
};

export const BOUNDARY = 'glitchbox-hostile-boundary';

/** One part: its raw header lines and its bytes. */
export interface RawPart {
  headers: string[];
  body: string | Uint8Array;
}

/** A part with `Content-Disposition: form-data` and the given parameters, e.g. `name="a"; filename="b"`. */
export function part(params: string, body: string | Uint8Array, extra: string[] = []): RawPart {
  return { headers: [`Content-Disposition: form-data${params ? `; ${params}` : ''}`, ...extra], body };
}

/** A multipart/form-data body of the parts, closed with the final boundary unless `unterminated`. */
export function multipartBody(parts: RawPart[], options: { unterminated?: boolean } = {}): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${BOUNDARY}\r\n${p.headers.map((h) => `${h}\r\n`).join('')}\r\n`));
    chunks.push(Buffer.from(p.body));
    chunks.push(Buffer.from('\r\n'));
  }
  if (!options.unterminated) chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

/** POSTs a raw multipart body; answers the status and the parsed JSON body (or the text). */
export async function postMultipart(
  url: string,
  body: Buffer,
  headers: Record<string, string> = API_HEADERS,
): Promise<{ status: number; body: any }> {
  const r = await fetch(url, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
    body: new Uint8Array(body),
  });
  const text = await r.text();
  try {
    return { status: r.status, body: JSON.parse(text) };
  } catch {
    return { status: r.status, body: text };
  }
}
