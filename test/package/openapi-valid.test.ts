// GET /openapi.json as standard tools read it: a validating OpenAPI 3.1 parser from npm resolves every `$ref`, and
// each operation carries a summary, described and typed parameters and example bodies; /docs shows types, not JSON.
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

interface Operation {
  operationId: string;
  summary?: string;
  parameters?: Array<{ name: string; description?: string; schema?: { type?: unknown; $ref?: string } }>;
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
}

let server: TestServer;
let document: { paths: Record<string, Record<string, Operation>> };
beforeAll(async () => {
  server = await startTestServer({ seed: false });
  document = (await server.request('GET', '/openapi.json')).body;
});
afterAll(() => server.close());

const operations = () => Object.values(document.paths).flatMap((methods) => Object.values(methods));

describe('GET /openapi.json', () => {
  it('validates as OpenAPI 3.1 with every $ref resolved (swagger-parser)', async () => {
    // validate() throws on a schema error or a $ref it cannot resolve; it works on its own copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
    // Recursive schemas stay recursive once dereferenced: a circular object, which is what a $ref to itself means.
    await expect(SwaggerParser.dereference(structuredClone(document) as never)).resolves.toBeDefined();
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"([^"]*)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(10);
    expect(refs.filter((ref) => !ref.startsWith('#/components/schemas/'))).toEqual([]);
    expect(JSON.stringify(document)).not.toMatch(/"\$ref":"#(\/\$defs\/[^"]*)?"/);
  });

  it('gives every operation a summary, typed and described parameters, and example bodies', () => {
    expect(operations().length).toBeGreaterThan(60);
    for (const op of operations()) {
      expect(op.summary, op.operationId).toBeTruthy();
      for (const p of op.parameters ?? []) {
        expect(p.description, `${op.operationId} ${p.name}`).toBeTruthy();
        expect(p.schema?.type ?? p.schema?.$ref ?? 'any', `${op.operationId} ${p.name}`).toBeDefined();
      }
      const bodies = [op.requestBody?.content, ...Object.values(op.responses).map((r) => r.content)];
      for (const content of bodies)
        if (content) expect(content['application/json']?.example, op.operationId).toBeDefined();
    }
    const create = document.paths['/projects/{project_id}/issues'].post;
    expect(create.requestBody?.content['application/json']?.example).toMatchObject({ issue: expect.any(Object) });
  });
});

describe('GET /docs', () => {
  it('shows field types and descriptions instead of raw JSON Schema', async () => {
    const html = await (await fetch(`${server.url}/docs`)).text();
    expect(html).not.toContain('&quot;$schema&quot;');
    expect(html).not.toContain('&quot;properties&quot;');
    expect(html).toContain('<th>Field</th><th>Type</th>');
    expect(html).toMatch(/<td><code>project_id<\/code><\/td><td>path<\/td><td><code>string<\/code><\/td>/);
    expect(html).toContain('Project id, <code>pr-…</code>');
  });
});
