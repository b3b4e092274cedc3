// The report-level steps of the state machine: create (draft for bugs and suggestions, a whole
// ticket), field update after an edit, contact info, publish. Attachments are in attachment-sync.ts.
import type { OperationId } from '../protocol/index.ts';
import { creatorCredential } from './remote-auth.ts';
import { isReleaseRefusal, releaseRefusalNote, withoutReleaseLabel } from './release-fallback.ts';
import { featureRequestCreateBody, issueCreateBody, multipartCreateBody } from './request-bodies.ts';
import { callDraft, persist, type StepContext, type StepResult } from './step-context.ts';
import type { StoredReport } from './types.ts';

type Created = { id?: number | string; scoped_id?: number; url?: string; token?: string; status?: string };

function remoteId(kind: StoredReport['fields']['kind'], body: Created): string | undefined {
  if (body.id === undefined || body.id === null) return undefined;
  // docs/api-choices.md#global-rules, docs/api-choices.md#operation-paths: issue and feature request paths take g-<id>;
  // the raw integer id never goes in a path.
  if (kind !== 'ticket' && typeof body.id === 'number') return `g-${body.id}`;
  return String(body.id);
}

async function filesOf(ctx: StepContext, r: StoredReport) {
  return Promise.all(
    r.attachments.map(async (a) => {
      const source = await ctx.outbox.file(r.id, a.file.key);
      const blob =
        source.blob ??
        new Blob([(await source.slice(0, source.size)) as Uint8Array<ArrayBuffer>], { type: a.contentType });
      return { name: a.name, blob };
    }),
  );
}

export async function createRemote(ctx: StepContext, r: StoredReport): Promise<StepResult> {
  const kind = r.fields.kind;
  const common = {
    auth: creatorCredential(r, ctx.token),
    idempotencyKey: r.idempotencyKey ?? r.id,
    signal: ctx.signal,
  };
  const multipart = kind === 'ticket' || (kind === 'suggestion' && r.attachments.length > 0);
  // The create is the one POST the engine repeats after a lost answer: the Idempotency-Key makes the
  // server answer the first response again instead of creating a second record (docs/api-choices.md#idempotency).
  let outcome = multipart
    ? await ctx.client.call<Created>(kind === 'ticket' ? 'createTicket' : 'createFeatureRequest', {
        ...common,
        body: multipartCreateBody(r, await filesOf(ctx, r)),
      })
    : kind === 'bug'
      ? await ctx.client.call<Created>('createIssue', { ...common, json: issueCreateBody(r.fields, ctx.publishAfter) })
      : await ctx.client.call<Created>('createFeatureRequest', { ...common, json: featureRequestCreateBody(r.fields) });
  if (kind === 'bug' && isReleaseRefusal(outcome, r.fields)) {
    // Once: the label leaves the fields for good (kept, with a fresh key for the new body) before the resend.
    console.warn(releaseRefusalNote(r.fields.releaseLabel!, outcome.kind === 'rejected' ? outcome.error : ''));
    r.fields = withoutReleaseLabel(r.fields);
    r.idempotencyKey = globalThis.crypto.randomUUID();
    await persist(ctx, r);
    const json = issueCreateBody(r.fields, ctx.publishAfter);
    outcome = await ctx.client.call<Created>('createIssue', { ...common, idempotencyKey: r.idempotencyKey, json });
  }
  if (outcome.kind !== 'sent') return { ok: false, outcome, step: 'create' };
  const body = (outcome.body ?? {}) as Created;
  const id = remoteId(kind, body);
  if (!id)
    return {
      ok: false,
      outcome: { kind: 'rejected', status: outcome.status, error: 'create answered without an id' },
      step: 'create',
    };
  r.remote = {
    id,
    url: body.url,
    scopedId: body.scoped_id,
    jwt: typeof body.token === 'string' ? body.token : undefined,
  };
  if (multipart) for (const a of r.attachments) a.step = 'confirmed';
  r.step = kind === 'ticket' ? 'published' : 'created';
  await persist(ctx, r);
  ctx.emitter.emit({ type: 'progress', id: r.id, report: r, step: 'created' });
  return { ok: true };
}

const OPS = {
  bug: { contact: 'setIssueContactInfo', publish: 'publishIssue', show: 'showIssue', param: 'issue_id' },
  suggestion: {
    contact: 'setFeatureRequestContactInfo',
    publish: 'publishFeatureRequest',
    show: 'showFeatureRequest',
    param: 'id',
  },
} as const satisfies Record<string, { contact: OperationId; publish: OperationId; show: OperationId; param: string }>;

function opsOf(r: StoredReport) {
  return OPS[r.fields.kind as 'bug' | 'suggestion'];
}

/** Fields edited after a refusal reach the existing draft through an update (issues only). */
export async function updateRemote(ctx: StepContext, r: StoredReport): Promise<StepResult> {
  if (r.fields.kind === 'bug') {
    const issue: Record<string, unknown> = { description: r.fields.description };
    if (r.fields.title) issue.title = r.fields.title;
    if (r.fields.customFields) issue.custom = r.fields.customFields;
    const outcome = await callDraft(ctx, r, (auth) =>
      ctx.client.call('updateIssue', { params: { issue_id: r.remote!.id }, json: { issue }, auth, signal: ctx.signal }),
    );
    if (outcome.kind !== 'sent') return { ok: false, outcome, step: 'update' };
  }
  r.pendingUpdate = false;
  await persist(ctx, r);
  return { ok: true };
}

export async function setContact(ctx: StepContext, r: StoredReport): Promise<StepResult> {
  const email = r.fields.email;
  if (email) {
    const ops = opsOf(r);
    // Setting the same contact twice has the same effect as once: repeating it is safe.
    const outcome = await callDraft(ctx, r, (auth) =>
      ctx.client.call(ops.contact, {
        params: { [ops.param]: r.remote!.id },
        json: { email },
        auth,
        signal: ctx.signal,
      }),
    );
    if (outcome.kind === 'rejected' && r.remote?.jwtExpired) {
      // The draft was created as `FormUser tkn-…,email:<email>`, so its reporter already is that person.
      r.lastError = `contact info not set after the draft JWT expired: ${outcome.error}`;
    } else if (outcome.kind !== 'sent') {
      return { ok: false, outcome, step: 'contact' };
    }
  }
  r.step = 'contact_set';
  await persist(ctx, r);
  ctx.emitter.emit({ type: 'progress', id: r.id, report: r, step: 'contact_set' });
  return { ok: true };
}

async function stillHidden(ctx: StepContext, r: StoredReport): Promise<boolean | undefined> {
  const ops = opsOf(r);
  const outcome = await callDraft(ctx, r, (auth) =>
    ctx.client.call<{ status?: string }>(ops.show, { params: { [ops.param]: r.remote!.id }, auth, signal: ctx.signal }),
  );
  if (outcome.kind !== 'sent' || typeof outcome.body?.status !== 'string') return undefined;
  return outcome.body.status === 'hidden';
}

export async function publish(ctx: StepContext, r: StoredReport): Promise<StepResult> {
  const ops = opsOf(r);
  const ambiguous = r.remote!.publishTried === true;
  r.remote!.publishTried = true;
  await persist(ctx, r);
  const outcome = await callDraft(ctx, r, (auth) =>
    ctx.client.call(ops.publish, { params: { [ops.param]: r.remote!.id }, json: {}, auth, signal: ctx.signal }),
  );
  if (outcome.kind === 'offline' || outcome.kind === 'retry') return { ok: false, outcome, step: 'publish' };
  if (outcome.kind === 'rejected') {
    // Refused now; but a publish whose answer was lost earlier may have gone through.
    const hidden = ambiguous ? await stillHidden(ctx, r) : undefined;
    if (hidden === false) {
      // published by the earlier attempt
    } else if (r.remote!.jwtExpired && r.fields.kind === 'bug' && ctx.publishAfter) {
      // No credential may publish any more: the draft's publish_after timer publishes it (reporter-core.md).
      r.remote!.autoPublish = true;
      r.lastError = `publish left to publish_after=${ctx.publishAfter}: ${outcome.error}`;
    } else {
      return { ok: false, outcome, step: 'publish' };
    }
  }
  r.remote!.publishTried = false;
  r.step = 'published';
  await persist(ctx, r);
  ctx.emitter.emit({ type: 'progress', id: r.id, report: r, step: 'published' });
  return { ok: true };
}
