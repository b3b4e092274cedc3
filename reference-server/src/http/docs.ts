// GET /openapi.json (generated from the protocol module, with example bodies) and /docs, a self-contained page
// that renders it with no network access (no CDN assets).
import { Hono } from 'hono';
import { buildOpenApiDocument } from '../../../widget/src/protocol/openapi.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from './env.ts';
import { renderDocsPage } from './docs-page.ts';
import { withExamples } from './openapi-examples.ts';

export function docsRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  let cached: Record<string, unknown> | undefined;
  const document = () => (cached ??= withExamples(buildOpenApiDocument(deps.config.publicUrl)));
  app.get('/openapi', (c) => c.json(document()));
  app.get('/docs', (c) => c.html(renderDocsPage(document())));
  return app;
}
