// The OpenAPI document generated from the protocol module, the offline docs page, and the
// protocol's completeness against every path of docs/api-choices.md#operation-paths.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { operations, toPath } from '../../../widget/src/protocol/index.ts';
import { serveFile, server } from '../../helpers/file-server.ts';

serveFile({ seed: false });

/** Every `METHOD /path` of the operation paths table of docs/api-choices.md, one row at a time, normalised. */
function decisionPaths(): string[] {
  const text = readFileSync(join(import.meta.dirname, '../../../docs/api-choices.md'), 'utf8');
  const start = text.indexOf('## Operation paths');
  const section = text.slice(start, text.indexOf('\n## ', start + 1));
  const found = new Set<string>();
  for (const line of section.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| Operation'))) {
    const cell = line.split(' | ')[1] ?? '';
    const methods = new Set<string>();
    const paths: string[] = [];
    for (const [, code] of cell.matchAll(/`([^`]+)`/g)) {
      for (const word of code.split(/[\s/]+/)) if (/^(GET|POST|PUT|PATCH|DELETE)$/.test(word)) methods.add(word);
      const path = /(\/[^\s?]*)/.exec(code)?.[1];
      if (!path) continue;
      // `/archive.json` after a full path replaces its last segment.
      const full = /^\/(projects|auth|crashes)/.test(path)
        ? path
        : paths.length
          ? paths[0].replace(/\/[^/]+$/, path)
          : path;
      paths.push(full);
    }
    for (const path of paths) {
      const normal = path
        .replace(/\.json$/, '')
        .replace(/\{pid\}/g, '{project_id}')
        .replace(/\{iid\}/g, '{issue_id}')
        .replace(/\{rid\}/g, '{release_id}')
        .replace(/\{uuid\}/g, '{playtime_session_id}')
        .replace('{media}/{id}', '{media}/{media_id}');
      for (const method of methods) found.add(`${method} ${normal}`);
    }
  }
  return [...found];
}

describe('protocol module', () => {
  it('declares every operation path of docs/api-choices.md#operation-paths', () => {
    const declared = new Set(Object.values(operations).flatMap((op) => op.methods.map((m) => `${m} ${op.path}`)));
    const expected = decisionPaths();
    expect(expected.length).toBeGreaterThan(50);
    expect(expected.filter((entry) => !declared.has(entry))).toEqual([]);
  });

  it('fills path templates and refuses a missing parameter', () => {
    expect(toPath(operations.showIssue.path, { project_id: 'pr-1', issue_id: 'g-7' })).toBe(
      '/projects/pr-1/issues/g-7',
    );
    expect(() => toPath(operations.showIssue.path, { project_id: 'pr-1' })).toThrow(/issue_id/);
  });
});

describe('GET /openapi.json', () => {
  it('is an OpenAPI 3.1 document with an operation for every declared method', async () => {
    const r = await server.request('GET', '/openapi.json');
    expect(r.status).toBe(200);
    expect(r.body.openapi).toBe('3.1.0');
    const ids = Object.values(r.body.paths as Record<string, Record<string, { operationId: string }>>).flatMap(
      (methods) => Object.values(methods).map((m) => m.operationId),
    );
    expect(ids).toContain('createIssue');
    expect(ids).toContain('verifyCredential');
    expect(new Set(ids).size).toBe(ids.length);
    expect(
      r.body.paths['/projects/{project_id}'].get.responses['200'].content['application/json'].schema.properties
        .latest_release,
    ).toBeDefined();
  });
});

describe('GET /docs', () => {
  it('renders a readable page that loads nothing from the network', async () => {
    const response = await fetch(`${server.url}/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    const html = await response.text();
    expect(html).toContain('<h1>Game Feedback Service API');
    expect(html).toContain('/projects/{project_id}/issues/{issue_id}/publish');
    expect(html).not.toMatch(/<(script|link|img)[^>]+(src|href)=["']https?:/i);
  });
});
