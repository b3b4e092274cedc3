// Builds the QA inbox page when its dist is missing or older than its sources, so browser tests
// run what ships.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');
const inboxSource = join(root, 'reference-server/inbox');
const builtPage = join(root, 'reference-server/dist/inbox/index.html');

function newestChange(dir: string): number {
  return Math.max(
    ...readdirSync(dir, { withFileTypes: true }).map((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? newestChange(path) : statSync(path).mtimeMs;
    }),
  );
}

export function ensureInboxBuilt(): void {
  if (existsSync(builtPage) && statSync(builtPage).mtimeMs >= newestChange(inboxSource)) return;
  execFileSync(process.execPath, [join(root, 'reference-server/scripts/build-inbox.mjs')], { stdio: 'inherit' });
}
