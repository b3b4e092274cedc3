#!/usr/bin/env node
// The `glitchbox` command of the npm package: runs the compiled CLI (dist/lib/cli.js, built by `npm run build`).
// In this repository, widget/src/node/bin.mjs runs the TypeScript source instead.
import { main } from '../dist/lib/cli.js';

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  // One line, not a stack trace: what failed is in the message (an outbox folder it cannot write, say).
  process.stderr.write(`glitchbox: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
