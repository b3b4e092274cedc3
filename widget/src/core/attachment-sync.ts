// One attachment's direct upload (docs/api/media.md#direct-upload): checksum → presigned_upload →
// PUT with every returned header → confirm_upload (with the screenshot's layer_a_blob_signed_id).
// Each step is persisted before the next; a confirm whose answer was lost is reconciled from the
// media list before it is ever sent again, so no attachment is created twice.
import type { MediaKind } from '../protocol/index.ts';
import type { Outcome } from './classify.ts';
import { callDraft, persist, type StepContext, type StepResult } from './step-context.ts';
import type { AttachmentKind, BlobUpload, StoredAttachment, StoredReport } from './types.ts';

const MEDIA_OF: Record<AttachmentKind, MediaKind> = {
  screenshot: 'screenshots',
  log_file: 'log_files',
  binary_file: 'binary_files',
  video_clip: 'video_clips',
};

/**
 * How old a presigned URL may be before it is signed again: the server's expire after 5 minutes
 * (docs/api-choices.md#storage-and-media-urls), so a minute is left for the PUT itself.
 */
const UPLOAD_URL_RESIGN_AFTER_MS = 4 * 60_000;
/** How often one attachment may be signed again before the report is rejected with the server's reason. */
const MAX_RESIGNS = 3;

type PartResult = StepResult | { ok: 'again' };

function isPresign(
  body: unknown,
): body is { direct_upload_url: string; headers: Record<string, string>; blob_signed_id: string } {
  const b = body as Record<string, unknown> | null;
  return (
    !!b &&
    typeof b.direct_upload_url === 'string' &&
    typeof b.blob_signed_id === 'string' &&
    (b.headers === undefined || typeof b.headers === 'object')
  );
}

function resign(a: StoredAttachment, outcome: Outcome, step: string): PartResult {
  a.represigns += 1;
  if (a.represigns > MAX_RESIGNS) return { ok: false, outcome: outcome as Exclude<Outcome, { kind: 'sent' }>, step };
  a.file.step = 'pending';
  if (a.layer) a.layer.step = 'pending';
  return { ok: 'again' };
}

async function uploadPart(
  ctx: StepContext,
  r: StoredReport,
  a: StoredAttachment,
  part: BlobUpload,
  isLayer: boolean,
): Promise<PartResult> {
  const media = MEDIA_OF[a.kind];
  const issueId = r.remote!.id;
  if (
    part.step === 'presigned' &&
    part.presignedAt !== undefined &&
    ctx.clock.now() - part.presignedAt > UPLOAD_URL_RESIGN_AFTER_MS
  ) {
    part.step = 'pending'; // the URL is about to expire (or has): sign again rather than PUT into a refusal
  }
  if (part.step === 'pending') {
    if (!part.checksum) {
      const source = await ctx.outbox.file(r.id, part.key);
      part.checksum = await ctx.hasher.md5(source);
      await persist(ctx, r);
    }
    const filename = isLayer ? `${a.name.replace(/\.[^.]*$/, '')}-layer.png` : a.name;
    const contentType = isLayer ? 'image/png' : a.contentType;
    // A repeated presign is harmless: an unconfirmed blob is never attached and expires
    // (docs/api-choices.md#background-jobs).
    const outcome = await callDraft(ctx, r, (auth) =>
      ctx.client.call('presignedUpload', {
        params: { issue_id: issueId, media },
        json: { filename, byte_size: part.size, checksum: part.checksum, content_type: contentType, name: filename },
        auth,
        signal: ctx.signal,
      }),
    );
    if (outcome.kind !== 'sent') return { ok: false, outcome, step: 'presign' };
    if (!isPresign(outcome.body))
      return {
        ok: false,
        outcome: {
          kind: 'rejected',
          status: outcome.status,
          error: 'presigned_upload answered without direct_upload_url and blob_signed_id',
        },
        step: 'presign',
      };
    Object.assign(part, {
      step: 'presigned',
      directUploadUrl: outcome.body.direct_upload_url,
      headers: outcome.body.headers ?? {},
      blobSignedId: outcome.body.blob_signed_id,
      presignedAt: ctx.clock.now(),
    });
    await persist(ctx, r);
    ctx.emitter.emit({ type: 'progress', id: r.id, report: r, step: 'presigned', attachment: a.index });
  }
  if (part.step === 'presigned') {
    const source = await ctx.outbox.file(r.id, part.key);
    const total = part.size;
    const outcome = await ctx.client.put(part.directUploadUrl!, part.headers ?? {}, source.body(), {
      signal: ctx.signal,
      onProgress: (loaded) =>
        ctx.emitter.emit({
          type: 'progress',
          id: r.id,
          report: r,
          step: 'presigned',
          attachment: a.index,
          loaded,
          total,
        }),
    });
    if (outcome.kind === 'rejected') {
      // Storage refused the bytes: the URL expired or its signature no longer holds. Sign again.
      const next = resign(a, outcome, 'upload');
      await persist(ctx, r);
      return next;
    }
    if (outcome.kind !== 'sent') return { ok: false, outcome, step: 'upload' };
    part.step = 'uploaded';
    await persist(ctx, r);
    ctx.emitter.emit({
      type: 'progress',
      id: r.id,
      report: r,
      step: 'uploaded',
      attachment: a.index,
      loaded: total,
      total,
    });
  }
  return { ok: true };
}

/** A confirm was sent and its answer never arrived: ask the media list whether it took effect. */
async function reconcileConfirm(ctx: StepContext, r: StoredReport, a: StoredAttachment): Promise<StepResult> {
  const media = MEDIA_OF[a.kind];
  const outcome = await callDraft(ctx, r, (auth) =>
    ctx.client.call('listMedia', { params: { issue_id: r.remote!.id, media }, auth, signal: ctx.signal }),
  );
  if (outcome.kind === 'offline' || outcome.kind === 'retry') return { ok: false, outcome, step: 'confirm' };
  if (outcome.kind === 'sent' && Array.isArray(outcome.body)) {
    const known = new Set(
      r.attachments
        .filter((x) => x !== a && x.kind === a.kind && x.remoteId !== undefined)
        .map((x) => String(x.remoteId)),
    );
    const extra = (outcome.body as Array<{ id: number | string }>).filter((m) => !known.has(String(m.id)));
    if (extra.length > 0) {
      a.step = 'confirmed';
      a.remoteId = extra[extra.length - 1].id;
    }
  }
  // A refused listing leaves the question open; the confirm is then sent again (see reporter-core.md).
  a.confirmTried = false;
  await persist(ctx, r);
  if (a.step === 'confirmed')
    ctx.emitter.emit({ type: 'progress', id: r.id, report: r, step: 'confirmed', attachment: a.index });
  return { ok: true };
}

const isConfirmed = (a: StoredAttachment) => a.step === 'confirmed';

export async function syncAttachment(ctx: StepContext, r: StoredReport, a: StoredAttachment): Promise<StepResult> {
  while (a.step !== 'confirmed') {
    if (ctx.signal.aborted) return { ok: false, outcome: { kind: 'offline', error: 'stopped' }, step: 'stopped' };
    if (a.confirmTried) {
      const reconciled = await reconcileConfirm(ctx, r, a);
      if (!reconciled.ok || isConfirmed(a)) return reconciled;
    }
    let again = false;
    for (const [part, isLayer] of [
      [a.file, false],
      [a.layer, true],
    ] as const) {
      if (!part || part.step === 'uploaded') continue;
      const result = await uploadPart(ctx, r, a, part, isLayer);
      if (result.ok === 'again') {
        again = true;
        break;
      }
      if (!result.ok) return result;
    }
    if (again) continue;
    a.confirmTried = true; // recorded before the request: a lost answer is reconciled, never blindly repeated
    await persist(ctx, r);
    const json: Record<string, unknown> = { blob_signed_id: a.file.blobSignedId, name: a.name };
    if (a.layer) json.layer_a_blob_signed_id = a.layer.blobSignedId;
    if (a.developerPrivate) json.developer_private = true;
    const outcome = await callDraft(ctx, r, (auth) =>
      ctx.client.call('confirmUpload', {
        params: { issue_id: r.remote!.id, media: MEDIA_OF[a.kind] },
        json,
        auth,
        signal: ctx.signal,
      }),
    );
    if (outcome.kind === 'sent') {
      a.step = 'confirmed';
      a.confirmTried = false;
      a.remoteId = (outcome.body as { id?: number | string } | null)?.id;
      await persist(ctx, r);
      ctx.emitter.emit({ type: 'progress', id: r.id, report: r, step: 'confirmed', attachment: a.index });
      continue;
    }
    if (outcome.kind !== 'rejected') return { ok: false, outcome, step: 'confirm' };
    // A definite refusal created nothing: 404 (blob expired) or 422 (not uploaded) → sign and upload again.
    a.confirmTried = false;
    const next = resign(a, outcome, 'confirm');
    await persist(ctx, r);
    if (next.ok !== 'again') return next as StepResult;
  }
  return { ok: true };
}
