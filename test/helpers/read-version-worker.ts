// Run in a worker thread by test/unit/answer-cache.test.ts: reads the read version of a connection, commits a write
// through a second connection in the same turn, and reads it again (a job thread's pass is one long turn).
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../reference-server/src/db/database.ts';
import { readVersion } from '../../reference-server/src/db/read-version.ts';

const db = openDatabase((workerData as { file: string }).file);
const other = openDatabase((workerData as { file: string }).file);
const before = readVersion(db);
other.prepare("INSERT OR REPLACE INTO settings (key, value) VALUES ('probe', 'from the worker')").run();
parentPort!.postMessage({ before, after: readVersion(db) });
db.close();
other.close();
