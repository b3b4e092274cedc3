// Turns a caller's ReportInput into the outbox record (fields + attachment plan + files), and
// applies a caller's edits to a kept report before it is retried.
import type { ReportAttachmentInput, ReportFields, ReportInput, StoredAttachment, StoredReport } from './types.ts';

const KINDS = new Set(['bug', 'suggestion', 'ticket']);
const ATTACHMENT_KINDS = new Set(['screenshot', 'log_file', 'binary_file', 'video_clip']);

function sizeOf(data: Blob | Uint8Array): number {
  return data instanceof Uint8Array ? data.byteLength : data.size;
}

function newId(): string {
  return globalThis.crypto.randomUUID();
}

function validateInput(input: ReportInput): void {
  if (!input || !KINDS.has(input.kind))
    throw new TypeError(`report kind must be bug, suggestion or ticket, got ${String(input?.kind)}`);
  if (typeof input.description !== 'string' || !input.description.trim())
    throw new TypeError('report description is required');
  for (const a of input.attachments ?? []) {
    if (!ATTACHMENT_KINDS.has(a.kind))
      throw new TypeError(
        `attachment kind must be screenshot, log_file, binary_file or video_clip, got ${String(a.kind)}`,
      );
    if (!a.name || !a.contentType) throw new TypeError('attachment name and contentType are required');
    if (!(a.data instanceof Uint8Array) && !(a.data instanceof Blob))
      throw new TypeError(`attachment ${a.name}: data must be a Blob or Uint8Array`);
    if (a.layer && a.kind !== 'screenshot') throw new TypeError('only a screenshot has an annotation layer');
  }
}

function plan(a: ReportAttachmentInput, index: number): StoredAttachment {
  return {
    index,
    kind: a.kind,
    name: a.name,
    contentType: a.contentType,
    developerPrivate: a.developerPrivate ?? false,
    step: 'pending',
    file: { key: String(index), size: sizeOf(a.data), step: 'pending' },
    layer: a.layer ? { key: `${index}.layer`, size: sizeOf(a.layer), step: 'pending' } : undefined,
    represigns: 0,
  };
}

export function toStoredReport(
  input: ReportInput,
  now: number,
  id = newId(),
): { report: StoredReport; files: Record<string, Blob | Uint8Array> } {
  validateInput(input);
  const { attachments = [], ...fields } = input;
  const files: Record<string, Blob | Uint8Array> = {};
  attachments.forEach((a, i) => {
    files[String(i)] = a.data;
    if (a.layer) files[`${i}.layer`] = a.layer;
  });
  const report: StoredReport = {
    id,
    fields: JSON.parse(JSON.stringify(fields)) as ReportFields,
    status: 'pending',
    step: 'queued',
    attachments: attachments.map(plan),
    createdAt: now,
    updatedAt: now,
    attempts: 0,
    nextAttemptAt: now,
    bytes: Object.values(files).reduce((s, d) => s + sizeOf(d), 0),
  };
  return { report, files };
}

/** A rejected report edited by the player goes back to pending; it is retried only because they asked. */
export function applyEdits(report: StoredReport, edits: Partial<ReportInput>, now: number): StoredReport {
  if (edits.attachments) throw new TypeError('retry edits change the report fields; attachments cannot be replaced');
  if (edits.kind && edits.kind !== report.fields.kind) throw new TypeError('a report cannot change its kind');
  const fields = { ...report.fields, ...JSON.parse(JSON.stringify(edits)) } as ReportFields;
  validateInput({ ...fields });
  const changed = JSON.stringify(fields) !== JSON.stringify(report.fields);
  return {
    ...report,
    fields,
    status: 'pending',
    rejection: undefined,
    attempts: 0,
    nextAttemptAt: now,
    updatedAt: now,
    // A refused create created nothing, and the server replays a key's first answer (docs/api-choices.md#idempotency):
    // the retried create needs a key of its own.
    idempotencyKey: report.remote ? report.idempotencyKey : newId(),
    // Once the draft exists, edited fields are sent with an update before the flow continues.
    pendingUpdate: report.remote && changed ? true : report.pendingUpdate,
  };
}
