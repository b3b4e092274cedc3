// Builds the OpenAPI 3.1 document from the operation table; schemas come from zod's own JSON Schema output
// (OpenAPI 3.1 uses JSON Schema 2020-12). A recursive schema's `$defs` and `$ref: "#"` point inside zod's
// standalone document, which OpenAPI tools do not resolve: they are lifted into components.schemas here.
// The server adds example bodies (reference-server/src/http/openapi-examples.ts).
import { z } from 'zod';
import { ErrorBody } from './common.ts';
import { operations } from './index.ts';
import type { Operation } from './operation.ts';

type Schema = Record<string, unknown>;

/** What each path placeholder holds; an unknown one gets a generic line (the docs page shows it). */
const PATH_PARAMETERS: Record<string, string> = {
  project_id: 'Project id, `pr-…` (or the project slug where the service accepts it).',
  issue_id: 'Issue id: `g-…`, its numeric id, or its `#`-free number within the project.',
  id: 'Id of the resource named by the path.',
  release_id: 'Release id, or its label.',
  media_id: 'Id of the media item (screenshot, video clip, log or binary file).',
  media: 'Media collection: `screenshots`, `video_clips`, `log_files` or `binary_files`.',
  playtime_session_id: 'Playtime session id.',
  request_id: 'Id of the request (device sign-in or upload).',
  key: 'Key of the stored object.',
  token: 'The token itself.',
  platform: 'Platform name, as listed on the release.',
};

const HEADER_PARAMETERS = [
  {
    name: 'Authorization',
    in: 'header',
    required: false,
    schema: { type: 'string' },
    description:
      'FormUser anonymous | FormUser tkn-… [,email:…|,discord_id:…|,<jwt>] | Bearer pat-… | Bearer <draft jwt>',
  },
  {
    name: 'Service-Project-ID',
    in: 'header',
    required: false,
    schema: { type: 'string' },
    description: 'Must equal the path project_id (alias BetaHub-Project-ID).',
  },
];

/** zod names an anonymous recursive part `__schema0`; a component name reads better without the underscores. */
const defName = (name: string) => name.replace(/^__schema/, 'part');

/**
 * zod's JSON Schema with its recursive parts moved into `components` (named `<context>.<def>`), every `$ref`
 * rewritten to point there. A schema that refers to itself (`"#"`) becomes a component and is answered as a `$ref`.
 */
function toComponentSchema(type: z.ZodType, io: 'input' | 'output', context: string, components: Schema): Schema {
  const generated = z.toJSONSchema(type, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Schema;
  const { $schema: _schema, $defs, ...root } = generated as Schema & { $defs?: Record<string, Schema> };
  let selfReferenced = false;
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!node || typeof node !== 'object') return node;
    const out: Schema = {};
    for (const [key, value] of Object.entries(node as Schema)) {
      if (key === '$ref' && typeof value === 'string') {
        if (value === '#') selfReferenced = true;
        out.$ref =
          value === '#'
            ? `#/components/schemas/${context}`
            : value.replace(
                /^#\/\$defs\/(.+)$/,
                (_, name: string) => `#/components/schemas/${context}.${defName(name)}`,
              );
      } else out[key] = rewrite(value);
    }
    return out;
  };
  for (const [name, def] of Object.entries($defs ?? {})) components[`${context}.${defName(name)}`] = rewrite(def);
  const schema = rewrite(root) as Schema;
  if (!selfReferenced) return schema;
  components[context] = schema;
  return { $ref: `#/components/schemas/${context}` };
}

function parametersOf(op: Operation, components: Schema): unknown[] {
  const params: unknown[] = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    description: PATH_PARAMETERS[m[1]] ?? `The ${m[1].replace(/_/g, ' ')} in the path.`,
    schema: { type: 'string' },
  }));
  if (op.query) {
    const query = toComponentSchema(op.query, 'input', `${op.id}.query`, components) as {
      properties?: Record<string, Schema>;
      required?: string[];
    };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      const { description, ...rest } = schema;
      params.push({
        name,
        in: 'query',
        required: query.required?.includes(name) ?? false,
        description: typeof description === 'string' ? description : `Query parameter \`${name}\`.`,
        schema: rest,
      });
    }
  }
  if (!op.public) params.push(...HEADER_PARAMETERS);
  return params;
}

export function buildOpenApiDocument(serverUrl?: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const schemas: Schema = {};
  const document: Schema = {
    openapi: '3.1.0',
    info: {
      title: 'Game Feedback Service API (Glitchbox reference server)',
      version: '1.4',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    paths,
    components: { schemas },
  };
  schemas.Error = toComponentSchema(ErrorBody, 'output', 'Error', schemas);
  const errorResponse = {
    description: 'The request was refused: `error` says why.',
    content: {
      'application/json': { schema: { $ref: '#/components/schemas/Error' }, example: { error: 'Not found' } },
    },
  };
  for (const op of Object.values(operations) as Operation[]) {
    paths[op.path] ??= {};
    const entry = paths[op.path];
    const parameters = parametersOf(op, schemas);
    const body = op.body && toComponentSchema(op.body, 'input', `${op.id}.body`, schemas);
    const response = op.response && toComponentSchema(op.response, 'output', `${op.id}.response`, schemas);
    op.methods.forEach((method, index) => {
      const status = String(op.status ?? 200);
      const requestContent = body ? { schema: body } : undefined;
      const responseContent = response ? { schema: response } : undefined;
      entry[method.toLowerCase()] = {
        operationId: index === 0 ? op.id : `${op.id}${method[0]}${method.slice(1).toLowerCase()}`,
        summary: op.summary,
        ...(index > 0 ? { description: `Alias of ${op.methods[0]} ${op.path}.` } : {}),
        tags: [op.tag],
        parameters,
        ...(requestContent ? { requestBody: { content: { 'application/json': requestContent } } } : {}),
        responses: {
          [status]: {
            description: 'Success',
            ...(responseContent ? { content: { 'application/json': responseContent } } : {}),
          },
          '4XX': errorResponse,
        },
      };
    });
  }
  return document;
}
