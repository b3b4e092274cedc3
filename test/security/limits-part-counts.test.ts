// Part and file counts checked as the parts arrive: 9,999 one-byte file parts are refused at the
// 11th, with at most 10 files ever written and none left behind, and a body of more parts than the
// cap is refused without being kept.
import { watch } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROJECT_ID } from '../helpers/seed.ts';
import { multipartBody, part, postMultipart, startServerProcess, type ServerProcess } from './server-process.ts';

let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess();
});
afterAll(async () => {
  await server?.stop();
});

/** Every distinct temporary file that appeared in storage's tmp/ while `run` ran (inotify sees each create). */
async function filesWrittenDuring(run: () => Promise<void>): Promise<number> {
  const seen = new Set<string>();
  const watcher = watch(join(server.storage, 'tmp'), (_event, name) => {
    if (name?.endsWith('.part')) seen.add(name);
  });
  try {
    await run();
    await new Promise((resolve) => setTimeout(resolve, 100)); // the last events
  } finally {
    watcher.close();
  }
  return seen.size;
}

it('refuses 9,999 one-byte file parts at the 11th with 422, writing at most 10 files and keeping none', async () => {
  const parts = [part('name="feature_request[description]"', 'Let me rebind the jump key on a gamepad.')];
  for (let i = 0; i < 9_999; i += 1) parts.push(part(`name="feature_request[files][]"; filename="f${i}.txt"`, 'x'));
  let answer: { status: number; body: any } | undefined;
  const written = await filesWrittenDuring(async () => {
    answer = await postMultipart(`${server.url}/projects/${PROJECT_ID}/feature_requests.json`, multipartBody(parts));
  });
  expect(answer).toMatchInlineSnapshot(`
    {
      "body": {
        "error": "feature_request[files]: at most 10 files per request.",
      },
      "status": 422,
    }
  `);
  expect(written).toBeLessThanOrEqual(10);
  expect(await readdir(join(server.storage, 'objects'))).toEqual([]);
  expect(await server.alive()).toBe(true);
});

it('writes and keeps all 10 files of a body at the cap (the watcher sees each write)', async () => {
  const parts = [part('name="feature_request[description]"', 'Let me rebind the jump key on a gamepad.')];
  for (let i = 0; i < 10; i += 1) parts.push(part(`name="feature_request[files][]"; filename="f${i}.txt"`, 'x'));
  let status = 0;
  const written = await filesWrittenDuring(async () => {
    ({ status } = await postMultipart(
      `${server.url}/projects/${PROJECT_ID}/feature_requests.json`,
      multipartBody(parts),
    ));
  });
  expect(status).toBe(201);
  expect(written).toBe(10);
});

it('refuses a body of 1,001 text parts with 413', async () => {
  const parts = Array.from({ length: 1_001 }, (_, i) => part(`name="ticket[x${i}]"`, 'x'));
  const r = await postMultipart(`${server.url}/projects/${PROJECT_ID}/tickets.json`, multipartBody(parts));
  expect(r).toMatchInlineSnapshot(`
    {
      "body": {
        "error": "A multipart body may have at most 1000 parts.",
      },
      "status": 413,
    }
  `);
  expect(await server.alive()).toBe(true);
});
