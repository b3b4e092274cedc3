// The hostile upload corpus: files a player or a web page could upload to run script on the
// server's origin (HTML, SVG, XHTML, XML, a comma-joined type, polyglots), and one uploader per
// route that accepts a client's bytes, each answering the URLs the file is served at.
import { encodeUnrealCrash } from '../helpers/unreal-crash.ts';
import { makeIssue, md5 } from '../helpers/media.ts';
import type { TestServer } from '../helpers/server.ts';
import { PATS, PROJECT_ID, TOKENS } from '../helpers/seed.ts';

/** What the page's script does when it runs: a console line the test listens for. */
export const PWNED = 'GLITCHBOX-PWNED';
const script = `console.log('${PWNED}'); document.title = '${PWNED}'`;
const html =
  `<!doctype html><html><body><h1>hi</h1><script>${script}</script>` + `<img src=x onerror="${script}"></body></html>`;
const svg =
  `<svg xmlns="http://www.w3.org/2000/svg" onload="${script}">` +
  `<script>${script}</script><rect width="10" height="10"/></svg>`;
const XHTML_ROOT = '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml">';
const xhtml = `${XHTML_ROOT}<body><script>${script}</script></body></html>`;
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export interface HostileFile {
  label: string;
  name: string;
  type: string;
  bytes: Uint8Array;
}

const text = (s: string) => new TextEncoder().encode(s);
const join = (...parts: Array<Uint8Array | number[]>) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

export const CORPUS: HostileFile[] = [
  { label: 'HTML', name: 'page.html', type: 'text/html', bytes: text(html) },
  { label: 'SVG', name: 'image.svg', type: 'image/svg+xml', bytes: text(svg) },
  { label: 'XHTML', name: 'page.xhtml', type: 'application/xhtml+xml', bytes: text(xhtml) },
  { label: 'XML with an XHTML root', name: 'data.xml', type: 'text/xml', bytes: text(xhtml) },
  { label: 'type image/png,text/html', name: 'shot.png', type: 'image/png,text/html', bytes: text(html) },
  { label: 'HTML declared image/png', name: 'shot2.png', type: 'image/png', bytes: text(html) },
  { label: 'HTML declared text/plain', name: 'notes.txt', type: 'text/plain', bytes: text(html) },
  { label: 'HTML with no type', name: 'blob', type: '', bytes: text(html) },
  { label: 'HTML declared video/mp4', name: 'clip.mp4', type: 'video/mp4', bytes: text(html) },
  { label: 'HTML declared video/webm', name: 'clip.webm', type: 'video/webm', bytes: text(html) },
  { label: 'GIF/HTML polyglot', name: 'anim.gif', type: 'image/gif', bytes: text(`GIF89a/*${html}*/`) },
  {
    label: 'PNG magic then HTML, declared text/html',
    name: 'poly.html',
    type: 'text/html',
    bytes: join(PNG_MAGIC, text(html)),
  },
  {
    label: 'PNG magic then SVG, declared image/png',
    name: 'poly.png',
    type: 'image/png',
    bytes: join(PNG_MAGIC, text(svg)),
  },
];

export const DEVELOPER = `Bearer ${PATS.developer}`;
const TOKEN = `FormUser ${TOKENS.all}`;

/** A served copy of a corpus file: where it is, and the headers a browser needs to fetch it. */
export interface Served {
  url: string;
  headers: Record<string, string>;
}

/** Uploads one file through a route; answers where it is served, or null when the route refused it (4xx). */
export type Uploader = (server: TestServer, file: HostileFile) => Promise<Served[] | null>;

const blobOf = (file: HostileFile) =>
  new Blob([file.bytes as Uint8Array<ArrayBuffer>], file.type ? { type: file.type } : {});

function refused(status: number, body: unknown): null {
  if (status >= 400 && status < 500) return null;
  throw new Error(`upload answered ${status} ${JSON.stringify(body)}`);
}

/** The CDN URLs of an issue's media of one kind, read by a developer. */
async function mediaUrls(server: TestServer, issuePath: string, media: string): Promise<Served[]> {
  const r = await server.request('GET', `${issuePath}/${media}`, { auth: DEVELOPER });
  const list = r.body as Array<{ url: string | null }>;
  return list.filter((m) => m.url).map((m) => ({ url: m.url!, headers: {} }));
}

function multipartMedia(media: string, param: string, field: string): Uploader {
  return async (server, file) => {
    const issue = await makeIssue(server);
    const form = new FormData();
    form.append(`${param}[${field}]`, blobOf(file), file.name);
    const r = await server.request('POST', `${issue.path}/${media}`, { auth: TOKEN, multipart: form });
    if (r.status !== 201) return refused(r.status, r.body);
    return mediaUrls(server, issue.path, media);
  };
}

export const UPLOADERS: Record<string, Uploader> = {
  'feature request files': async (server, file) => {
    const form = new FormData();
    form.append('feature_request[description]', 'An idea with a file attached to it');
    form.append('feature_request[files][]', blobOf(file), file.name);
    const r = await server.request('POST', `/projects/${PROJECT_ID}/feature_requests.json`, {
      auth: TOKEN,
      multipart: form,
    });
    if (r.status !== 201) return refused(r.status, r.body);
    return r.body.files.map((f: { url: string }) => ({ url: f.url, headers: { Authorization: TOKEN } }));
  },
  'ticket attachments': async (server, file) => {
    const form = new FormData();
    form.append('ticket[description]', 'My save file is broken, see the attachment');
    form.append('ticket[reporter_email]', 'player@players.test');
    form.append('ticket[attachments][]', blobOf(file), file.name);
    const r = await server.request('POST', `/projects/${PROJECT_ID}/tickets.json`, { auth: TOKEN, multipart: form });
    if (r.status !== 201) return refused(r.status, r.body);
    const ticket = `/projects/${PROJECT_ID}/tickets/${r.body.id}`;
    return r.body.attachments.map((a: { id: number }) => ({
      url: `${server.url}${ticket}/attachments/${a.id}`,
      headers: { Authorization: DEVELOPER },
    }));
  },
  'screenshot (multipart)': multipartMedia('screenshots', 'screenshot', 'image'),
  'log file (multipart)': multipartMedia('log_files', 'log_file', 'file'),
  'binary file (multipart)': multipartMedia('binary_files', 'binary_file', 'file'),
  'video clip (multipart)': multipartMedia('video_clips', 'video_clip', 'video'),
  'binary file (direct upload)': async (server, file) => {
    const issue = await makeIssue(server);
    const type = file.type || 'application/octet-stream';
    const presign = await server.request('POST', `${issue.path}/binary_files/presigned_upload`, {
      auth: TOKEN,
      json: {
        filename: file.name,
        byte_size: file.bytes.byteLength,
        checksum: md5(file.bytes),
        content_type: type,
      },
    });
    if (presign.status !== 200) return refused(presign.status, presign.body);
    const put = await fetch(presign.body.direct_upload_url, {
      method: 'PUT',
      headers: presign.body.headers,
      body: file.bytes as Uint8Array<ArrayBuffer>,
    });
    if (put.status !== 200) return refused(put.status, await put.text());
    const confirm = await server.request('POST', `${issue.path}/binary_files/confirm_upload`, {
      auth: TOKEN,
      json: { blob_signed_id: presign.body.blob_signed_id },
    });
    if (confirm.status !== 201) return refused(confirm.status, confirm.body);
    return mediaUrls(server, issue.path, 'binary_files');
  },
  'crash report files': async (server, file) => {
    const body = encodeUnrealCrash([
      { name: file.name, data: file.bytes },
      { name: `${file.name}.log`, data: file.bytes },
    ]);
    const r = await fetch(`${server.url}/crashes/unreal/${TOKENS.all}`, { method: 'POST', body: new Uint8Array(body) });
    if (r.status !== 201) return refused(r.status, await r.text());
    const { id } = (await r.json()) as { id: number };
    const path = `/projects/${PROJECT_ID}/issues/g-${id}`;
    return [...(await mediaUrls(server, path, 'log_files')), ...(await mediaUrls(server, path, 'binary_files'))];
  },
};
