// Builds the QA inbox page (reference-server/inbox) with Vite into reference-server/dist/inbox.
import { build } from 'vite';
import { fileURLToPath } from 'node:url';

const configFile = fileURLToPath(new URL('../inbox/vite.config.ts', import.meta.url));
await build({ configFile, logLevel: 'warn' });
