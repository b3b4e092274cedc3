// Wire bodies of the create operations, built from a kept report: issue (JSON, nested under
// `issue`), feature request (JSON, or multipart with files), ticket (multipart with attachments).
import { fitDebugTrace } from './debug-trace.ts';
import type { ReportFields, StoredReport } from './types.ts';

export function issueCreateBody(fields: ReportFields, publishAfter: string | undefined): Record<string, unknown> {
  const issue: Record<string, unknown> = { description: fields.description };
  if (fields.title) issue.title = fields.title;
  if (fields.steps?.length) issue.steps_to_reproduce_array = fields.steps;
  if (fields.logs) issue.logs = fields.logs;
  if (fields.releaseLabel) issue.release_label = fields.releaseLabel;
  if (fields.source) issue.source = fields.source;
  if (fields.raw !== undefined) issue.raw = fields.raw;
  if (fields.deviceInfo) issue.extras = { device_info: { value: fields.deviceInfo, validation_mode: 'optional' } };
  if (fields.debugTrace?.length) issue.debug_trace = { steps: fitDebugTrace(fields.debugTrace) };
  if (fields.customFields && Object.keys(fields.customFields).length) issue.custom = fields.customFields;
  const body: Record<string, unknown> = { issue, draft: true };
  if (publishAfter) body.publish_after = publishAfter;
  return body;
}

export function featureRequestCreateBody(fields: ReportFields): Record<string, unknown> {
  const featureRequest: Record<string, unknown> = { description: fields.description };
  if (fields.title) featureRequest.title = fields.title;
  if (fields.customFields && Object.keys(fields.customFields).length) featureRequest.custom = fields.customFields;
  return { feature_request: featureRequest, draft: true };
}

function appendForm(form: FormData, prefix: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) for (const v of value) appendForm(form, `${prefix}[]`, v);
  else if (typeof value === 'object')
    for (const [k, v] of Object.entries(value)) appendForm(form, `${prefix}[${k}]`, v);
  else if (typeof value === 'boolean') form.append(prefix, value ? '1' : '0');
  else form.append(prefix, String(value));
}

/** Multipart body of a ticket or a feature request with files; `files` are read from the outbox. */
export function multipartCreateBody(report: StoredReport, files: Array<{ name: string; blob: Blob }>): FormData {
  const form = new FormData();
  const f = report.fields;
  if (f.kind === 'ticket') {
    appendForm(form, 'ticket[description]', f.description);
    appendForm(form, 'ticket[title]', f.title);
    appendForm(form, 'ticket[reporter_email]', f.email);
    appendForm(form, 'ticket[custom]', f.customFields);
    for (const file of files) form.append('ticket[attachments][]', file.blob, file.name);
  } else {
    for (const [key, value] of Object.entries(featureRequestCreateBody(f))) appendForm(form, key, value);
    for (const file of files) form.append('feature_request[files][]', file.blob, file.name);
  }
  return form;
}
