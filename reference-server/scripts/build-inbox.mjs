// Builds the QA inbox page (reference-server/inbox) with Vite into reference-server/dist/inbox, always as it ships:
// under a test runner NODE_ENV is `test`, which would build Preact's development JSX (102 KB instead of 75 KB).
import { build } from 'vite';
import { fileURLToPath } from 'node:url';

process.env.NODE_ENV = 'production';
const configFile = fileURLToPath(new URL('../inbox/vite.config.ts', import.meta.url));
await build({ configFile, logLevel: 'warn' });
