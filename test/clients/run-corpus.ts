// Replays the client corpus against a running server and prints its conformance report:
//   node --import tsx test/clients/run-corpus.ts http://127.0.0.1:4010
// It loads the corpus fixture through /__admin/fixtures first (the server must run with the admin surface).
import { CORPUS } from './corpus.ts';
import { clientsFixture, PROJECT_ID } from './fixture.ts';
import { prepareApi, send } from './replay.ts';

const baseUrl = (process.argv[2] ?? 'http://127.0.0.1:4010').replace(/\/$/, '');
const loaded = await fetch(`${baseUrl}/__admin/fixtures`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(clientsFixture()),
});
if (loaded.status !== 201) throw new Error(`fixtures: ${loaded.status} ${await loaded.text()}`);
for (const replay of CORPUS) {
  const ctx = (await replay.prepare?.(prepareApi(baseUrl, PROJECT_ID))) ?? {};
  const request = replay.request(ctx);
  const response = await send(baseUrl, request);
  console.error(
    `${response.status} ${request.method} ${request.path.split('?')[0]}  (${replay.client}: ${replay.name})`,
  );
}
const report = await (await fetch(`${baseUrl}/__admin/conformance`)).json();
console.log(JSON.stringify(report, null, 2));
