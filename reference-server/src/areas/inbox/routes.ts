// Serves the QA inbox (a Preact page built by Vite into reference-server/dist/inbox) at /inbox.
// The page talks to the public API only; this route hands out its files and nothing else.
import { Hono } from 'hono';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppEnv } from '../../http/env.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.map': 'application/json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

// Scripts and styles come from the page's own origin only; media may come from the CDN host,
// which the reference server serves itself but a configured public URL may name differently.
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  'img-src * data: blob:',
  'media-src * blob:',
  'connect-src *',
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

/** The package directory of the server (holding package.json), from src/areas/inbox or the dist bundle. */
export function serverPackageDir(from = fileURLToPath(import.meta.url)): string {
  let dir = dirname(from);
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === 'glitchbox-server') return dir;
    const parent = dirname(dir);
    if (parent === dir) return resolve(dirname(from), '..', '..', '..');
    dir = parent;
  }
}

export function inboxRoutes(root = join(serverPackageDir(), 'dist', 'inbox')) {
  const app = new Hono<AppEnv>();
  app.get('/inbox', (c) => c.redirect('/inbox/'));
  app.get('/inbox/*', async (c) => {
    const index = join(root, 'index.html');
    if (!existsSync(index)) {
      return c.json(
        {
          error:
            'The QA inbox is not built. Run `npm run build -w reference-server` (or `npm run build:inbox -w ' +
            'reference-server`), then reload.',
        },
        503,
      );
    }
    let relative: string;
    try {
      relative = decodeURIComponent(c.req.path.slice('/inbox/'.length));
    } catch {
      return c.json({ error: 'Malformed path.' }, 400);
    }
    const file = resolve(root, relative);
    if (file !== root && !file.startsWith(root + sep)) return c.json({ error: 'Not found.' }, 404);
    const isFile = relative !== '' && existsSync(file) && statSync(file).isFile();
    // Paths without a file extension are the page's own views: answer the page.
    if (!isFile && extname(relative) !== '') return c.json({ error: `No inbox file ${relative}.` }, 404);
    const target = isFile ? file : index;
    const hashed = isFile && relative.startsWith('assets/');
    return c.body(await readFile(target), 200, {
      'Content-Type': TYPES[extname(target)] ?? 'application/octet-stream',
      'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      'Content-Security-Policy': CSP,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    });
  });
  return app;
}
