// npm run bench: runs every test/bench/*.bench.ts (or those named on the command line) and
// prints their figures as one table.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

interface Figure {
  name: string;
  value: number;
  unit: string;
  target?: string;
}

const dir = import.meta.dirname;
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
let failed = false;
for (const file of files) {
  process.stdout.write(`\n== ${file}\n`);
  try {
    const module = (await import(pathToFileURL(join(dir, file)).href)) as { run: () => Promise<Figure[]> };
    for (const figure of await module.run()) {
      const value = Math.abs(figure.value) >= 100 ? figure.value.toFixed(0) : figure.value.toFixed(2);
      process.stdout.write(
        `${figure.name.padEnd(72)} ${value.padStart(10)} ${figure.unit.padEnd(8)}${
          figure.target ? ` target ${figure.target}` : ''
        }\n`,
      );
    }
  } catch (error) {
    failed = true;
    process.stdout.write(`failed: ${(error as Error).stack ?? error}\n`);
  }
}
process.exit(failed ? 1 : 0);
