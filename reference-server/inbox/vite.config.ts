// Vite build of the QA inbox: Preact with the automatic JSX runtime, served by the reference
// server at /inbox (reference-server/src/areas/inbox/routes.ts) from reference-server/dist/inbox.
// No CDN, no inline script.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: here,
  base: '/inbox/',
  publicDir: false,
  logLevel: 'warn',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: fileURLToPath(new URL('../dist/inbox', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // Keep every asset a file, so the page's Content-Security-Policy needs no data: scripts.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
  },
});
