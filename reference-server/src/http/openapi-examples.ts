// Example bodies for the OpenAPI document: one JSON request and success answer per operation, shaped by its schema
// with openapi-sampler (the sampler Redoc uses), so tools and the /docs page show what a body looks like.
import { sample } from 'openapi-sampler';

type Schema = Record<string, unknown>;
type Content = { schema: Schema; example?: unknown };
interface Operation {
  requestBody?: { content: Record<string, Content> };
  responses: Record<string, { content?: Record<string, Content> }>;
}

function exampleOf(schema: Schema, document: Schema): unknown {
  try {
    return sample(schema as never, { skipReadOnly: true, quiet: true }, document as never);
  } catch {
    return undefined; // a schema the sampler cannot walk keeps no example rather than failing the document
  }
}

/** Adds `example` to every JSON body that has none; the document is changed in place and returned. */
export function withExamples<D extends Schema>(document: D): D {
  const paths = document.paths as Record<string, Record<string, Operation>>;
  for (const methods of Object.values(paths))
    for (const op of Object.values(methods)) {
      const contents = [op.requestBody?.content, ...Object.values(op.responses).map((r) => r.content)];
      for (const content of contents) {
        const json = content?.['application/json'];
        if (!json || json.example !== undefined) continue;
        const example = exampleOf(json.schema, document);
        if (example !== undefined) json.example = example;
      }
    }
  return document;
}
