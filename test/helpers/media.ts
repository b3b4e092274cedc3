// Helpers of the media tests: issues made for them (in the database, or over the API remotely), the direct-upload
// steps, MD5 in the API's base64 form, and tiny but well-formed MP4, WebM and PNG files.
import { randomBytes } from 'node:crypto';
import { insertIssue, type IssueRow, type NewIssue } from '../../reference-server/src/areas/issues/repository.ts';
import { findProjectByPublicId } from '../../reference-server/src/areas/projects-auth/repository.ts';
import { findUserByPat } from '../../reference-server/src/areas/projects-auth/users-repository.ts';
import type { TestServer } from './server.ts';
import { newIssue } from './issue-rows.ts';
import { isRemote } from './local-only.ts';
import { PATS, PROJECT_ID } from './seed.ts';

import { md5 } from './md5.ts';

export { md5 };

/**
 * An issue of the seed project; `reporterPat` names its reporter by personal access token. In-process it is inserted
 * straight into the database (any status); against a URL it is created over the API, by its reporter or else the
 * developer, as a draft for status 'hidden': a status the API cannot create throws, naming the test local-only.
 */
export async function makeIssue(
  server: TestServer,
  fields: Partial<NewIssue> & { reporterPat?: string; projectId?: string } = {},
): Promise<IssueRow & { path: string }> {
  const { reporterPat, projectId = PROJECT_ID, ...rest } = fields;
  if (isRemote) return createIssueOverApi(server, projectId, reporterPat, rest);
  return insertTestIssue(server, fields);
}

/** makeIssue in-process, at once: for a caller inside a database transaction. */
export function insertTestIssue(
  server: TestServer,
  fields: Partial<NewIssue> & { reporterPat?: string; projectId?: string } = {},
): IssueRow & { path: string } {
  const { reporterPat, projectId = PROJECT_ID, ...rest } = fields;
  const project = findProjectByPublicId(server.deps.db, projectId)!;
  const now = server.deps.clock.now().toISOString();
  const row = insertIssue(
    server.deps.db,
    newIssue(project.id, now, {
      reporter_user_id: reporterPat ? findUserByPat(server.deps.db, reporterPat)!.id : null,
      ...rest,
    }),
  );
  return { ...row, path: `/projects/${projectId}/issues/g-${row.id}` };
}

async function createIssueOverApi(
  server: TestServer,
  projectId: string,
  reporterPat: string | undefined,
  { title, status, ...others }: Partial<NewIssue>,
): Promise<IssueRow & { path: string }> {
  const left = Object.keys(others);
  if ((status && status !== 'hidden') || left.length)
    throw new Error(
      `makeIssue(${JSON.stringify({ status, ...others })}) writes the database: mark the test local-only`,
    );
  // The title and description an inserted row has, so that what the tests read of them holds alike.
  const row = newIssue(0, '');
  const r = await server.request('POST', `/projects/${projectId}/issues.json`, {
    auth: `Bearer ${reporterPat ?? PATS.developer}`,
    json: { issue: { title: title ?? row.title, description: row.description }, draft: status === 'hidden' },
  });
  if (r.status !== 201) throw new Error(`create issue: ${r.status} ${JSON.stringify(r.body)}`);
  return { ...r.body, path: `/projects/${projectId}/issues/g-${r.body.id}` };
}

export interface Declared {
  filename: string;
  byte_size: number;
  checksum: string;
  content_type: string;
  name?: string;
}

export function declare(bytes: Uint8Array, filename: string, contentType: string): Declared {
  return { filename, byte_size: bytes.byteLength, checksum: md5(bytes), content_type: contentType };
}

/** PUT to a direct_upload_url with the signed headers (overridable). */
export function putDirect(
  url: string,
  headers: Record<string, string>,
  body: BodyInit | Uint8Array,
): Promise<Response> {
  return fetch(url, { method: 'PUT', headers, body: body as BodyInit, duplex: 'half' } as RequestInit);
}

/** Presign → PUT → confirm; answers the confirm response. */
export async function directUpload(
  server: TestServer,
  issuePath: string,
  media: string,
  bytes: Uint8Array,
  meta: { filename: string; type: string; auth: string; confirm?: Record<string, unknown> },
) {
  const presign = await server.request('POST', `${issuePath}/${media}/presigned_upload`, {
    auth: meta.auth,
    json: declare(bytes, meta.filename, meta.type),
  });
  if (presign.status !== 200) throw new Error(`presign: ${presign.status} ${JSON.stringify(presign.body)}`);
  const put = await putDirect(presign.body.direct_upload_url, presign.body.headers, bytes);
  if (put.status !== 200) throw new Error(`put: ${put.status} ${await put.text()}`);
  return server.request('POST', `${issuePath}/${media}/confirm_upload`, {
    auth: meta.auth,
    json: { blob_signed_id: presign.body.blob_signed_id, ...meta.confirm },
  });
}

/** A 1×1 PNG. */
export const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
);

const box = (type: string, ...parts: Uint8Array[]) => {
  const body = Buffer.concat(parts);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'ascii');
  return Buffer.concat([header, body]);
};

/**
 * An MP4 (or QuickTime with brand 'qt ') whose `mvhd` says `seconds`; `moovLast` puts the index after the media data.
 */
export function mp4(
  seconds: number,
  options: { brand?: string; moovLast?: boolean; version?: 0 | 1 } = {},
): Uint8Array {
  const brand = options.brand ?? 'isom';
  const ftyp = box(
    'ftyp',
    Buffer.from(brand, 'ascii'),
    Buffer.alloc(4),
    Buffer.from(brand === 'qt  ' ? 'qt  ' : 'isommp41', 'ascii'),
  );
  const timescale = 600;
  let mvhd: Buffer;
  if (options.version === 1) {
    const body = Buffer.alloc(112);
    body[0] = 1;
    body.writeUInt32BE(timescale, 20);
    body.writeBigUInt64BE(BigInt(Math.round(seconds * timescale)), 24);
    mvhd = box('mvhd', body);
  } else {
    const body = Buffer.alloc(100);
    body.writeUInt32BE(timescale, 12);
    body.writeUInt32BE(Math.round(seconds * timescale), 16);
    mvhd = box('mvhd', body);
  }
  const moov = box('moov', mvhd);
  const mdat = box('mdat', Buffer.alloc(64, 7));
  return new Uint8Array(options.moovLast ? Buffer.concat([ftyp, mdat, moov]) : Buffer.concat([ftyp, moov, mdat]));
}

const ebmlId = (id: number) =>
  Buffer.from(id.toString(16).padStart(id > 0xffffff ? 8 : id > 0xffff ? 6 : id > 0xff ? 4 : 2, '0'), 'hex');
const ebmlSize = (size: number | 'unknown') => {
  const b = Buffer.alloc(8);
  if (size === 'unknown') {
    b.fill(0xff);
    b[0] = 0x01;
    return b;
  }
  b[0] = 0x01;
  b.writeUIntBE(size, 2, 6);
  return b;
};
const element = (id: number, body: Buffer, unknownSize = false) =>
  Buffer.concat([ebmlId(id), ebmlSize(unknownSize ? 'unknown' : body.length), body]);
const uint = (value: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(value);
  return b;
};
const simpleBlock = (relative: number) => {
  const b = Buffer.alloc(4 + 32, 9);
  b[0] = 0x81;
  b.writeInt16BE(relative, 1);
  b[3] = 0x80;
  return element(0xa3, b);
};

export const EBML_HEADER = (docType = 'webm') =>
  element(0x1a45dfa3, Buffer.concat([element(0x4286, Buffer.from([1])), element(0x4282, Buffer.from(docType))]));

/**
 * A WebM of `seconds`: with an Info/Duration, or (MediaRecorder style) without one, in clusters
 * of unknown size one second apart, whose last block ends at `seconds`.
 */
export function webm(seconds: number, options: { duration?: boolean; docType?: string } = {}): Uint8Array {
  const info = element(
    0x1549a966,
    Buffer.concat([
      element(0x2ad7b1, uint(1_000_000)),
      ...(options.duration !== false
        ? [
            element(
              0x4489,
              (() => {
                const b = Buffer.alloc(8);
                b.writeDoubleBE(seconds * 1000);
                return b;
              })(),
            ),
          ]
        : []),
    ]),
  );
  return new Uint8Array(
    Buffer.concat([
      EBML_HEADER(options.docType),
      element(0x18538067, Buffer.concat([info, ...webmClusters(seconds)]), true),
    ]),
  );
}

/** Clusters of unknown size covering 0..seconds (a continuation chunk of a recording). */
export function webmClusters(seconds: number, startMs = 0): Buffer[] {
  const clusters: Buffer[] = [];
  const endMs = startMs + seconds * 1000;
  for (let t = startMs; t < endMs; t += 1000) {
    const last = Math.min(1000, endMs - t);
    clusters.push(
      element(0x1f43b675, Buffer.concat([element(0xe7, uint(t)), simpleBlock(0), simpleBlock(last)]), true),
    );
  }
  return clusters;
}

/**
 * A large file that is never held whole: 1 MiB chunks of one random pattern, each stamped with
 * its index so no two chunks are equal. chunks() yields the same bytes every time it is called.
 */
export function stampedFile(totalMiB: number): { size: number; chunks: () => Generator<Buffer> } {
  const pattern = randomBytes(1024 * 1024);
  return {
    size: totalMiB * 1024 * 1024,
    *chunks() {
      for (let i = 0; i < totalMiB; i += 1) {
        const chunk = Buffer.from(pattern);
        chunk.writeUInt32BE(i, 0);
        yield chunk;
      }
    },
  };
}
