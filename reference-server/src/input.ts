// Input as the HTTP layer decodes it (JSON, form or multipart, nested) before a schema has checked
// it. Services that must check permissions before the body (docs/api/issues.md#create-the-order-of-checks) take this.
export type Body = Record<string, unknown>;
