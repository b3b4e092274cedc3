// Renders the OpenAPI document as one static HTML page: operations grouped by tag, with their parameters (type,
// description) and bodies as field tables with an example. Every text is escaped; the page loads nothing.
import { schemaTable, typeLabel } from './docs-schema.ts';

type Schema = Record<string, unknown>;
interface OpenApiOperation {
  operationId: string;
  summary: string;
  tags: string[];
  parameters?: Array<{ name: string; in: string; required: boolean; description?: string; schema?: Schema }>;
  requestBody?: { content: Record<string, { schema: Schema; example?: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema; example?: unknown }> }>;
}

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );
}

/** A description as OpenAPI writes it (CommonMark): escaped, with its `code` spans shown as code. */
export function markdownInline(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

function schemaBlock(
  title: string,
  content: { schema: Schema; example?: unknown },
  components: Record<string, Schema>,
): string {
  const example =
    content.example === undefined
      ? ''
      : `<details><summary>Example</summary><pre>${escapeHtml(JSON.stringify(content.example, null, 2))}</pre></details>`;
  return `<h4>${escapeHtml(title)}</h4>${schemaTable(content.schema, components)}${example}`;
}

export function renderDocsPage(document: Record<string, unknown>): string {
  const paths = document.paths as Record<string, Record<string, OpenApiOperation>>;
  const components = ((document.components as { schemas?: Record<string, Schema> } | undefined)?.schemas ??
    {}) as Record<string, Schema>;
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = (op.parameters ?? []).filter((p) => p.in !== 'header');
      const rows = params
        .map(
          (p) =>
            `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}</td>` +
            `<td><code>${escapeHtml(typeLabel(p.schema ?? {}, components))}</code></td>` +
            `<td>${p.required ? 'required' : ''}</td><td>${markdownInline(p.description ?? '')}</td></tr>`,
        )
        .join('');
      const body = op.requestBody
        ? schemaBlock(
            'Request body (JSON form; form and multipart use bracketed keys)',
            Object.values(op.requestBody.content)[0],
            components,
          )
        : '';
      const responses = Object.entries(op.responses)
        .filter(([status]) => !status.startsWith('4'))
        .map(([status, r]) =>
          r.content ? schemaBlock(`${status} response`, Object.values(r.content)[0], components) : '',
        )
        .join('');
      const html =
        `<section class="op" id="${escapeHtml(op.operationId)}"><h3><span class="m ${method}">` +
        `${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p>${escapeHtml(op.summary)}</p>` +
        `${
          rows
            ? `<table><thead><tr><th>Parameter</th><th>In</th><th>Type</th><th></th><th>Description</th></tr></thead><tbody>${rows}` +
              `</tbody></table>`
            : ''
        }${body}${responses}</section>`;
      const tag = op.tags[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), html]);
    }
  }
  const nav = [...byTag.keys()]
    .map((tag) => `<li><a href="#tag-${escapeHtml(tag)}">${escapeHtml(tag)}</a></li>`)
    .join('');
  const sections = [...byTag.entries()]
    .map(([tag, ops]) => `<h2 id="tag-${escapeHtml(tag)}">${escapeHtml(tag)}</h2>${ops.join('')}`)
    .join('');
  const info = document.info as { title: string; version: string };
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">\n' +
    `<title>${escapeHtml(info.title)}</title><style>\n` +
    'body{font:15px/1.5 system-ui,sans-serif;margin:0;display:flex;color:#1b1d21}' +
    'nav{position:sticky;top:0;height:100vh;overflow:auto;padding:1rem 1.5rem;background:#f3f4f6;min-width:12rem}\n' +
    'main{padding:1rem 2rem;max-width:60rem}code,pre{font-family:ui-monospace,monospace}' +
    'pre{background:#f6f8fa;padding:.75rem;overflow:auto;font-size:13px}\n' +
    '.op{border-top:1px solid #ddd;padding:.5rem 0}.m{display:inline-block;min-width:4rem;text-align:center;' +
    'border-radius:4px;color:#fff;font-size:13px;padding:0 .3rem}\n' +
    '.get{background:#1f6feb}.post{background:#1a7f37}.put,.patch{background:#9a6700}.delete{background:#cf222e}' +
    'table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:.2rem .5rem;text-align:left}\n' +
    `</style></head><body><nav aria-label="Sections"><p><strong>API</strong> v${escapeHtml(info.version)}</p>` +
    `<ul>${nav}</ul><p><a href="/openapi.json">openapi.json</a></p></nav>\n` +
    `<main><h1>${escapeHtml(info.title)}</h1><p>Every path also answers with <code>.json</code> appended. ` +
    'Send <code>Authorization</code> and <code>Service-Project-ID</code> on project operations. ' +
    'A refusal answers 4xx with <code>{"error": "…"}</code>.</p>' +
    `${sections}</main></body></html>`
  );
}
