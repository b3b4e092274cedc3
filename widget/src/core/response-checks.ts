// Response checks of the browser/Node client: the few fields of each answer the sync engine reads,
// checked by hand so the reporter chunk ships without zod. The server validates with the full zod
// schemas of the protocol module; an operation without an entry here is not checked.
import type { PathOperationId as OperationId } from '../protocol/paths.ts';

type Check = (body: unknown) => string | undefined;
type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown) => (typeof v === 'number' && Number.isInteger(v)) || (typeof v === 'string' && v !== '');

function fields(
  spec: Record<string, (v: unknown) => boolean>,
  optional: Record<string, (v: unknown) => boolean> = {},
): Check {
  return (body) => {
    if (!isObject(body)) return 'expected an object';
    for (const [key, ok] of Object.entries(spec)) if (!ok(body[key])) return `${key}: invalid or missing`;
    for (const [key, ok] of Object.entries(optional))
      if (body[key] !== undefined && body[key] !== null && !ok(body[key])) return `${key}: invalid`;
    return undefined;
  };
}

const string = (v: unknown) => typeof v === 'string';
const int = (v: unknown) => typeof v === 'number' && Number.isInteger(v);
const stringRecord = (v: unknown) => isObject(v) && Object.values(v).every(string);

/** A created record (draft issue, draft feature request, ticket): its id, scoped id, URL and draft JWT. */
const created = fields({ id: isId }, { scoped_id: int, url: string, token: string, status: string });
/** A record read back or changed: an object whose status, when present, is a string. */
const record = fields({}, { status: string });

export const responseChecks: Partial<Record<OperationId, Check>> = {
  createIssue: created,
  createFeatureRequest: created,
  createTicket: created,
  showIssue: record,
  showFeatureRequest: record,
  updateIssue: record,
  publishIssue: record,
  publishFeatureRequest: record,
  setIssueContactInfo: record,
  setFeatureRequestContactInfo: record,
  presignedUpload: fields(
    { direct_upload_url: string, headers: stringRecord, blob_signed_id: string },
    { blob_id: int },
  ),
  confirmUpload: fields({ id: isId }),
  listMedia: (body) =>
    Array.isArray(body) && body.every((m) => isObject(m) && isId(m.id))
      ? undefined
      : 'expected an array of attachments with ids',
};
