// Releases, knowledge base and crash figures, through real HTTP: the release list with 200
// releases, a knowledge-base answer over 2,000 knowledge chunks and 1,000 resolved issues, and
// an Unreal crash upload carrying a 4 MB minidump.
import { stmt } from '../../reference-server/src/db/database.ts';
import { findProjectByPublicId } from '../../reference-server/src/areas/projects-auth/repository.ts';
import { ALL_FLAGS, PATS, PROJECT_ID, TOKENS, seedDocument } from '../helpers/seed.ts';
import { startTestServer } from '../helpers/server.ts';
import { crashContextXml, encodeUnrealCrash, fakeMinidump } from '../helpers/unreal-crash.ts';
import { percentileOf } from './load.ts';

const WORDS = (
  'ship cargo dock route pilot engine shield laser map nebula station trade fuel hangar radar drone asteroid ' +
  'warp beacon convoy save crash refund boost'
).split(' ');
const sentence = (i: number) => Array.from({ length: 12 }, (_, j) => WORDS[(i * 7 + j * 5) % WORDS.length]).join(' ');

export async function run() {
  const server = await startTestServer({
    seed: seedDocument({ project: { tokens: [{ token: TOKENS.all, daily_limit: 100_000, ...ALL_FLAGS }] } }),
  });
  try {
    const project = findProjectByPublicId(server.deps.db, PROJECT_ID)!;
    const now = new Date().toISOString();
    server.deps.db.transaction(() => {
      for (let i = 0; i < 200; i += 1)
        stmt(
          server.deps.db,
          'INSERT INTO releases (project_id, label, created_at, updated_at) VALUES (?, ?, ?, ?)',
        ).run(project.id, `0.${i}`, now, now);
      for (let i = 0; i < 2000; i += 1)
        stmt(
          server.deps.db,
          'INSERT INTO knowledge_chunks (project_id, title, content, created_at) VALUES (?, ?, ?, ?)',
        ).run(project.id, `Article ${i}`, `${sentence(i)}. ${sentence(i + 1)}. ${sentence(i + 2)}.`, now);
      for (let i = 0; i < 1000; i += 1) {
        stmt(
          server.deps.db,
          'INSERT INTO issues (project_id, scoped_id, title, description, status, created_at, updated_at) VALUES (?, ' +
            "?, ?, ?, 'resolved', ?, ?)",
        ).run(project.id, 10_000 + i, `Issue ${i} ${sentence(i).slice(0, 30)}`, sentence(i * 3), now, now);
      }
    })();
    const timed = async (fn: () => Promise<unknown>) => {
      const t = performance.now();
      await fn();
      return performance.now() - t;
    };
    const auth = `Bearer ${PATS.developer}`;

    const lists: number[] = [];
    for (let i = 0; i < 30; i += 1)
      lists.push(await timed(() => server.request('GET', `/projects/${PROJECT_ID}/releases.json`, { auth })));

    const answers: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      answers.push(
        await timed(() =>
          server.request('POST', `/projects/${PROJECT_ID}/support_knowledge/ask`, {
            auth,
            json: { question: `How do I ${WORDS[i % WORDS.length]} the ${WORDS[(i + 3) % WORDS.length]}?` },
          }),
        ),
      );
    }

    const payload = encodeUnrealCrash([
      {
        name: 'CrashContext.runtime-xml',
        data: crashContextXml({ CrashGUID: 'UECC-bench', ErrorMessage: 'Access violation', GameName: 'UE5-Bench' }),
      },
      { name: 'UEMinidump.dmp', data: fakeMinidump(4 * 1024 * 1024) },
      { name: 'Bench.log', data: 'LogInit: started\n'.repeat(20_000) },
    ]);
    const crashes: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      crashes.push(
        await timed(async () => {
          const r = await server.request('POST', `/crashes/unreal/${TOKENS.all}`, {
            raw: payload as unknown as BodyInit,
            headers: { 'Content-Type': 'application/octet-stream' },
          });
          if (r.status !== 201) throw new Error(`crash upload answered ${r.status}`);
        }),
      );
    }

    return [
      { name: 'GET releases.json, 200 releases, p50', value: percentileOf(lists, 50), unit: 'ms', target: '< 50 ms' },
      {
        name: 'knowledge-base answer, 2,000 chunks + 1,000 resolved issues, p50',
        value: percentileOf(answers, 50),
        unit: 'ms',
        target: '< 500 ms',
      },
      { name: 'knowledge-base answer, same corpus, p95', value: percentileOf(answers, 95), unit: 'ms' },
      {
        name: `Unreal crash upload (${(payload.length / 1024).toFixed(0)} KB compressed, 4 MB minidump), p50`,
        value: percentileOf(crashes, 50),
        unit: 'ms',
        target: '< 300 ms',
      },
    ];
  } finally {
    await server.close();
  }
}
