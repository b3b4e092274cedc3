// Media routes under an issue (docs/api-choices.md#operation-paths): multipart upload, listing, deletion, the direct
// upload's presign and confirm steps, and video segments. Thin: read input, call a service.
import { Hono, type Context } from 'hono';
import type { MediaKind } from '../../../../widget/src/protocol/media.ts';
import type { Deps } from '../../deps.ts';
import { readBody } from '../../http/body.ts';
import type { AppEnv } from '../../http/env.ts';
import { deleteIssueMedia, listIssueMedia, renderAttachment } from './attachments.ts';
import { confirmUpload, presignUpload } from './direct.ts';
import { KIND_RULES, assertCanSeeIssue, assertCanWriteMedia, findIssueOfPath } from './rules.ts';
import { receiveVideoSegment } from './segments.ts';
import { uploadFileLimits, uploadMultipart } from './upload.ts';

const base = '/projects/:project_id/issues/:issue_id';
// Grouped: Hono does not wrap a param's pattern, so a bare alternation would match prefixes.
const MEDIA = ':media{(?:screenshots|log_files|binary_files|video_clips)}';
/** Multipart framing on top of the file's own cap. */
const MULTIPART_OVERHEAD = 1024 * 1024;

const issueOf = (deps: Deps, c: Context<AppEnv>) =>
  findIssueOfPath(deps, c.get('project'), c.req.param('issue_id') ?? '');

/** The issue, after checking the caller may add media to it. */
function writableIssue(deps: Deps, c: Context<AppEnv>) {
  const issue = issueOf(deps, c);
  assertCanWriteMedia(deps, c.get('caller'), c.get('project'), issue);
  return issue;
}

export function mediaRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const mediaOf = (c: Context<AppEnv>) => c.req.param('media') as MediaKind;

  app.get(`${base}/${MEDIA}`, (c) => {
    const issue = issueOf(deps, c);
    assertCanSeeIssue(deps, c.get('caller'), c.get('project'), issue);
    return c.json(listIssueMedia(deps, c.get('caller'), c.get('project'), issue, mediaOf(c)));
  });
  app.post(`${base}/${MEDIA}`, async (c) => {
    const issue = writableIssue(deps, c);
    const media = mediaOf(c);
    const body = await readBody(c, {
      maxBytes: KIND_RULES[media].maxBytes + MULTIPART_OVERHEAD,
      files: uploadFileLimits(media),
    });
    const id = await uploadMultipart(deps, c.get('caller'), issue, mediaOf(c), body);
    return c.json(renderAttachment(deps, c.get('caller'), c.get('project'), issue, id), 201);
  });
  app.delete(`${base}/${MEDIA}/:media_id`, (c) => {
    deleteIssueMedia(deps, c.get('caller'), c.get('project'), issueOf(deps, c), mediaOf(c), c.req.param('media_id'));
    return c.json({ success: true });
  });
  app.post(`${base}/${MEDIA}/presigned_upload`, async (c) => {
    const issue = writableIssue(deps, c);
    return c.json(presignUpload(deps, issue, mediaOf(c), await readBody(c)));
  });
  app.post(`${base}/${MEDIA}/confirm_upload`, async (c) => {
    const issue = writableIssue(deps, c);
    return c.json(await confirmUpload(deps, c.get('caller'), issue, mediaOf(c), await readBody(c)), 201);
  });
  app.post(`${base}/video_segments`, async (c) => {
    const issue = writableIssue(deps, c);
    const maxBytes = KIND_RULES.video_clips.maxBytes + MULTIPART_OVERHEAD;
    const body = await readBody(c, { maxBytes, files: uploadFileLimits('video_clips') });
    return c.json(await receiveVideoSegment(deps, c.get('caller'), issue, body), 201);
  });
  return app;
}
