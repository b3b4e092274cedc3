#!/usr/bin/env node
// The `glitchbox` command: loads the TypeScript CLI through tsx (the package ships sources).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./cli.ts');
process.exitCode = await main(process.argv.slice(2));
