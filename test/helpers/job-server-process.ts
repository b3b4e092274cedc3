// A reference server in its own process with the slow test job (slow-job.ts), for killing it mid-job:
// `node --import tsx job-server-process.ts DB_FILE STORAGE_DIR` prints "listening on URL".
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { startServer } from '../../reference-server/src/server.ts';

const [db, storageDir] = process.argv.slice(2);
const server = await startServer({
  db,
  storageDir,
  jobIntervalMs: 3_600_000,
  jobModules: [pathToFileURL(join(import.meta.dirname, 'slow-job.ts')).href],
});
process.stdout.write(`listening on ${server.url}\n`);
