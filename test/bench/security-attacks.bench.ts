// The hostile requests of docs/security.md against a server in its own process: for each attack,
// the p95 of a concurrent GET (from a third process) over the idle server's p95, and what the
// attack got back. Runs with `npm run bench -- security`.
import { PROJECT_ID } from '../helpers/seed.ts';
import { getLatencies, p95 } from '../security/get-probe.ts';
import {
  API_HEADERS,
  multipartBody,
  part,
  postMultipart,
  startServerProcess,
  type ServerProcess,
} from '../security/server-process.ts';

const MB = 1024 * 1024;

/** Sends `count` requests, `concurrency` at a time; answers how many got each status. */
async function flood(count: number, concurrency: number, send: () => Promise<number>): Promise<string> {
  const statuses = new Map<number, number>();
  for (let sent = 0; sent < count; sent += concurrency) {
    const batch = await Promise.all(Array.from({ length: Math.min(concurrency, count - sent) }, send));
    for (const status of batch) statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
  return [...statuses].map(([status, n]) => `${n}x${status}`).join(' ');
}

const jsonPost = async (url: string, body: unknown, headers: Record<string, string> = API_HEADERS) => {
  const r = await fetch(url, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  await r.arrayBuffer();
  return r.status;
};

function attacks(server: ServerProcess): Array<[string, () => Promise<string>]> {
  const issues = `${server.url}/projects/${PROJECT_ID}/issues.json`;
  const nameless = multipartBody([part('', 'x')]);
  const digits = { issue: { description: 'Crash on load.', extras: { device_info: { value: '7'.repeat(100_000) } } } };
  const huge = { issue: { description: 'x'.repeat(20 * MB) } };
  const tiny = multipartBody([
    part('name="feature_request[description]"', 'Let me rebind the jump key.'),
    ...Array.from({ length: 9_999 }, (_, i) => part(`name="feature_request[files][]"; filename="f${i}"`, 'x')),
  ]);
  const longName = `${'p'.repeat(60 * MB)}=1`;
  return [
    [
      '200 nameless multipart parts (no credential)',
      () => flood(200, 10, async () => (await postMultipart(`${server.url}/device_auth/create`, nameless, {})).status),
    ],
    ['20 device-info values of 100,000 digits', () => flood(20, 4, () => jsonPost(issues, digits))],
    ['6 descriptions of 20 MB, 3 at once', () => flood(6, 3, () => jsonPost(issues, huge))],
    [
      '4 bodies of 9,999 one-byte file parts at once',
      () =>
        flood(
          4,
          4,
          async () => (await postMultipart(`${server.url}/projects/${PROJECT_ID}/feature_requests.json`, tiny)).status,
        ),
    ],
    [
      '10 query strings with a 60 MB parameter name (no credential)',
      () =>
        flood(10, 2, async () => {
          const r = await fetch(`${server.url}/device_auth/create`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
            body: longName,
          });
          await r.arrayBuffer();
          return r.status;
        }),
    ],
    [
      '2,000 anonymous device sign-in creates',
      () =>
        flood(2_000, 20, () =>
          jsonPost(
            `${server.url}/device_auth/create`,
            { request_id: crypto.randomUUID(), entity_kind: 'game', entity_name: 'Bench' },
            { 'BetaHub-Project-ID': PROJECT_ID },
          ),
        ),
    ],
  ];
}

export async function run() {
  const server = await startServerProcess();
  const figures = [];
  try {
    const created = await fetch(`${server.url}/projects/${PROJECT_ID}/issues.json`, {
      method: 'POST',
      headers: { ...API_HEADERS, 'Content-Type': 'application/json' },
      body: JSON.stringify({ issue: { description: 'The game crashes while loading level 3.' } }),
    });
    const { id } = (await created.json()) as { id: number };
    const getUrl = `${server.url}/projects/${PROJECT_ID}/issues/g-${id}.json`;
    await getLatencies(getUrl, API_HEADERS, { count: 50 }); // warm-up
    const idle = p95(await getLatencies(getUrl, API_HEADERS, { count: 200 }));
    figures.push({ name: 'security attacks: GET issue p95, idle server', value: idle, unit: 'ms' });
    for (const [name, attack] of attacks(server)) {
      let answers = '';
      const running = attack().then((a) => {
        answers = a;
      });
      const busy = await getLatencies(getUrl, API_HEADERS, { until: running });
      await running;
      if (!(await server.alive())) throw new Error(`the server died during: ${name}`);
      figures.push({ name: `during ${name} [${answers}]`, value: p95(busy) / idle, unit: 'x', target: '<= 5' });
    }
    const report = await fetch(`${server.url}/__admin/conformance`);
    figures.push({
      name: '/__admin/conformance answer after the attacks',
      value: (await report.arrayBuffer()).byteLength / 1024,
      unit: 'KiB',
    });
  } finally {
    await server.stop();
  }
  return figures;
}
