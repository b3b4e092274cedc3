// The body shapes strict.ts notes beyond parameter names: a JSON text labelled as a form (answered
// 400 in both modes), and image or video parts labelled `application/octet-stream` or not labelled
// (tolerated and re-typed by their bytes by default, refused under --strict).
import type { Context } from 'hono';
import { badRequest } from '../errors.ts';
import { sniffInlineType } from '../storage/content-sniff.ts';
import { headOf } from '../storage/staged-files.ts';
import { noteShape } from './conformance-recorder.ts';
import { clip } from './conformance-store.ts';

/**
 * A JSON text sent as `application/x-www-form-urlencoded` parses as one odd key (`{"issue":{…}}`):
 * answered 400 saying so, in both modes, rather than as unknown parameters and a missing description.
 */
export function refuseJsonAsForm(c: Context, body: Record<string, unknown>): void {
  const keys = Object.keys(body);
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (keys.length !== 1 || !type.includes('x-www-form-urlencoded') || !/^\s*(\{\s*"|\[)/.test(keys[0])) return;
  noteShape(c, 'json-labelled-form', `A JSON body sent with Content-Type: ${clip(type, 100)}`);
  throw badRequest(
    'The body is JSON but its Content-Type is application/x-www-form-urlencoded: ' +
      'send it with Content-Type: application/json.',
  );
}

/** File parts that must be an image or a video, by their field; `application/octet-stream` says neither. */
const TYPED_PARTS: Record<string, Record<string, string>> = {
  screenshot: { image: 'image/png or image/jpeg', layer_a: 'image/png' },
  video_clip: { video: 'video/mp4, video/webm, video/quicktime, …' },
  video_segment: { video: 'video/mp4 or video/webm' },
};

/** An image or video part labelled `application/octet-stream` or not labelled (the server re-types it by its bytes). */
export function checkFileTypes(c: Context, body: Record<string, unknown>): void {
  for (const [wrapper, parts] of Object.entries(TYPED_PARTS)) {
    const fields = body[wrapper];
    if (!fields || typeof fields !== 'object' || fields instanceof Blob) continue;
    for (const [part, expected] of Object.entries(parts)) {
      const file = (fields as Record<string, unknown>)[part];
      if (!(file instanceof Blob)) continue;
      const type = file.type.split(';')[0].trim().toLowerCase();
      if (type !== '' && type !== 'application/octet-stream') continue;
      noteShape(
        c,
        'media-type-mislabelled',
        `${wrapper}[${part}] sent as ${type || 'a part without Content-Type'}; label it ${expected}`,
      );
    }
  }
}

/**
 * Files of a field that takes any type (`feature_request[files][]`): one labelled
 * `application/octet-stream` (or not labelled) whose bytes are an image or a video is stored as what
 * its bytes are, as issue media is, and noted (refused under --strict).
 */
export async function strictFileParts(c: Context, field: string, value: unknown): Promise<void> {
  const files = (Array.isArray(value) ? value : [value]).filter((v): v is Blob => v instanceof Blob);
  for (const file of files.slice(0, 10)) {
    const type = file.type.split(';')[0].trim().toLowerCase();
    if (type !== '' && type !== 'application/octet-stream') continue;
    const sniffed = sniffInlineType(await headOf(file));
    if (!sniffed || !/^(image|video)\//.test(sniffed)) continue;
    noteShape(
      c,
      'media-type-mislabelled',
      `${field} sent as ${type || 'a part without Content-Type'}; its bytes are ${sniffed}`,
    );
  }
}
