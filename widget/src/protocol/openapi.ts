// Builds the OpenAPI 3.1 document from the operation table; schemas come from zod's own
// JSON Schema output (OpenAPI 3.1 uses JSON Schema 2020-12, so no translation is needed).
import { z } from 'zod';
import { ErrorBody } from './common.ts';
import { operations } from './index.ts';
import type { Operation } from './operation.ts';

function schemaOf(type: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(type, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return schema;
}

function parametersOf(op: Operation): unknown[] {
  const params: unknown[] = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  if (op.query) {
    const query = schemaOf(op.query, 'input') as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      params.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
    }
  }
  if (!op.public) {
    params.push(
      {
        name: 'Authorization',
        in: 'header',
        required: false,
        schema: { type: 'string' },
        description:
          'FormUser anonymous | FormUser tkn-… [,email:…|,discord_id:…|,<jwt>] | ' +
          'Bearer pat-… | Bearer <draft jwt>',
      },
      {
        name: 'Service-Project-ID',
        in: 'header',
        required: false,
        schema: { type: 'string' },
        description: 'Must equal the path project_id (alias BetaHub-Project-ID).',
      },
    );
  }
  return params;
}

export function buildOpenApiDocument(serverUrl?: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const errorResponse = {
    description: 'Error',
    content: { 'application/json': { schema: schemaOf(ErrorBody, 'output') } },
  };
  for (const op of Object.values(operations) as Operation[]) {
    paths[op.path] ??= {};
    const entry = paths[op.path];
    op.methods.forEach((method, index) => {
      const status = String(op.status ?? 200);
      entry[method.toLowerCase()] = {
        operationId: index === 0 ? op.id : `${op.id}${method[0]}${method.slice(1).toLowerCase()}`,
        summary: op.summary,
        tags: [op.tag],
        parameters: parametersOf(op),
        ...(op.body
          ? { requestBody: { content: { 'application/json': { schema: schemaOf(op.body, 'input') } } } }
          : {}),
        responses: {
          [status]: {
            description: 'Success',
            ...(op.response ? { content: { 'application/json': { schema: schemaOf(op.response, 'output') } } } : {}),
          },
          '4XX': errorResponse,
        },
      };
    });
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Game Feedback Service API (Glitchbox reference server)', version: '1.4' },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    paths,
  };
}
