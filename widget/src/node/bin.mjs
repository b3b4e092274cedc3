#!/usr/bin/env node
// The `glitchbox` command inside this repository: the TypeScript CLI through tsx, no build needed (the npm
// package's bin is widget/bin/glitchbox.mjs, which runs the compiled dist/lib/cli.js).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./cli.ts');
process.exitCode = await main(process.argv.slice(2));
