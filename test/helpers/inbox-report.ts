// A realistic player report for the QA inbox: a game frame, the player's annotation layer and a
// short clip painted in Chromium, filed through the public API with the widget's draft flow
// (create draft, attach media with the draft JWT, publish). Used by the inbox e2e test and by
// scripts/inbox-screenshots.ts.
import type { Page } from 'playwright-core';

export interface ReportMedia {
  screenshot: Uint8Array<ArrayBuffer>;
  layer: Uint8Array<ArrayBuffer>;
  video: Uint8Array<ArrayBuffer>;
}

export interface ReportInput {
  baseUrl: string;
  projectId: string;
  /** A project token, e.g. `tkn-all`. */
  token: string;
  /** The player's email (FormUser tkn-…,email:…): the report gets a virtual reporter. */
  reporterEmail?: string;
  title: string;
  description: string;
  steps?: string[];
  logs?: string;
  trace?: Array<{ severity: 'info' | 'warning' | 'danger'; description: string }>;
  device?: string;
  custom?: Record<string, unknown>;
  media?: ReportMedia;
  /** Leave the draft hidden (no publish). */
  keepDraft?: boolean;
}

// The browser tests of the inbox import the launch flags from here too; they live in chromium.ts.
export { CHROMIUM_ARGS, chromiumPath } from './chromium.ts';

// Plain JavaScript source, evaluated in the page: a function passed to page.evaluate would be
// rewritten by the TypeScript loader (name helpers that do not exist in the page).
const PAINT_SOURCE =
  `(async (clipMs) => {
  const scene = (g, w, h, t) => {
    const sky = g.createLinearGradient(0, 0, 0, h);
    sky.addColorStop(0, '#0b1020'); sky.addColorStop(1, '#1d2b4f');
    g.fillStyle = sky; g.fillRect(0, 0, w, h);
    for (let i = 0; i < 90; i++) { g.fillStyle = i % 7 ? '#9fb3d9' : '#ffffff'; g.fillRect((i * 137) % w, (i * 71) % ` +
  `h, 2, 2); }
    g.fillStyle = '#56657f'; g.fillRect(w * 0.58, h * 0.3, w * 0.3, h * 0.42);
    g.fillStyle = '#7d8ca6'; g.fillRect(w * 0.6, h * 0.34, w * 0.26, h * 0.06);
    g.fillStyle = '#0f1626'; g.fillRect(w * 0.58, h * 0.46, w * 0.05, h * 0.12);
    const x = w * (0.3 + 0.3 * t), y = h * 0.52;
    g.fillStyle = '#ffcc33'; g.beginPath(); g.moveTo(x + 44, y); g.lineTo(x - 20, y - 22); g.lineTo(x - 8, y); ` +
  `g.lineTo(x - 20, y + 22); g.closePath(); g.fill();
    g.fillStyle = '#ff7a1a'; g.fillRect(x - 34, y - 6, 14, 12);
    g.fillStyle = '#e6edf3'; g.font = 'bold ' + Math.round(h / 22) + 'px sans-serif';
    g.fillText('WAVE 3   SCORE 12,480   HULL 64%', w * 0.04, h * 0.08);
  };
  const toBytes = async (canvas, type) => {
    const blob = await new Promise((resolve) => canvas.toBlob(resolve, type));
    return Array.from(new Uint8Array(await blob.arrayBuffer()));
  };
  const shot = document.createElement('canvas'); shot.width = 960; shot.height = 540;
  scene(shot.getContext('2d'), 960, 540, 1);
  const layer = document.createElement('canvas'); layer.width = 960; layer.height = 540;
  const l = layer.getContext('2d');
  l.strokeStyle = '#ff2d55'; l.lineWidth = 6;
  l.beginPath(); l.arc(590, 281, 70, 0, Math.PI * 2); l.stroke();
  l.beginPath(); l.moveTo(380, 120); l.lineTo(530, 235); l.stroke();
  l.beginPath(); l.moveTo(530, 235); l.lineTo(505, 232); l.moveTo(530, 235); l.lineTo(522, 211); l.stroke();
  l.fillStyle = '#ff2d55'; l.font = 'bold 30px sans-serif'; l.fillText('ship clips into the dock', 170, 105);
  const clip = document.createElement('canvas'); clip.width = 480; clip.height = 270;
  const c = clip.getContext('2d');
  const started = performance.now();
  const draw = () => scene(c, 480, 270, Math.min(1, (performance.now() - started) / clipMs));
  draw();
  const recorder = new MediaRecorder(clip.captureStream(20), { mimeType: 'video/webm' });
  const chunks = [];
  recorder.ondataavailable = (e) => chunks.push(e.data);
  const timer = setInterval(draw, 50);
  recorder.start();
  await new Promise((resolve) => setTimeout(resolve, clipMs));
  recorder.stop();
  clearInterval(timer);
  await new Promise((resolve) => { recorder.onstop = resolve; });
  const video = Array.from(new Uint8Array(await new Blob(chunks).arrayBuffer()));
  return { screenshot: await toBytes(shot, 'image/png'), layer: await toBytes(layer, 'image/png'), video };
})`;

/** Paints the media in the given page (any page; nothing is added to its document). */
export async function paintMedia(page: Page, clipMs = 700): Promise<ReportMedia> {
  const painted = (await page.evaluate(`${PAINT_SOURCE}(${clipMs})`)) as Record<keyof ReportMedia, number[]>;
  return {
    screenshot: Uint8Array.from(painted.screenshot),
    layer: Uint8Array.from(painted.layer),
    video: Uint8Array.from(painted.video),
  };
}

async function call(url: string, init: RequestInit & { headers: Record<string, string> }): Promise<any> {
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method} ${url}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** Files the report; answers the created issue (as the create operation rendered it). */
export async function submitReport(
  input: ReportInput,
): Promise<{ id: number; scoped_id: number; pathId: string; title: string }> {
  const base = `${input.baseUrl}/projects/${input.projectId}/issues`;
  const headers = { Accept: 'application/json', 'Service-Project-ID': input.projectId };
  const issue = {
    title: input.title,
    description: input.description,
    ...(input.steps ? { steps_to_reproduce_array: input.steps } : {}),
    ...(input.logs ? { logs: input.logs } : {}),
    ...(input.trace ? { debug_trace: { steps: input.trace } } : {}),
    ...(input.device ? { extras: { device_info: { value: input.device, validation_mode: 'loose' } } } : {}),
    ...(input.custom ? { custom: input.custom } : {}),
  };
  const created = await call(`${base}.json`, {
    method: 'POST',
    headers: {
      ...headers,
      Authorization: `FormUser ${input.token}${input.reporterEmail ? `,email:${input.reporterEmail}` : ''}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ issue, draft: true }),
  });
  const path = `${base}/g-${created.id}`;
  const bearer = { ...headers, Authorization: `Bearer ${created.token}` };
  if (input.media) {
    const shot = new FormData();
    shot.append('screenshot[image]', new File([input.media.screenshot], 'dock-clipping.png', { type: 'image/png' }));
    shot.append('screenshot[layer_a]', new File([input.media.layer], 'annotations.png', { type: 'image/png' }));
    await call(`${path}/screenshots`, { method: 'POST', headers: bearer, body: shot });
    const clip = new FormData();
    clip.append('video_clip[video]', new File([input.media.video], 'last-seconds.webm', { type: 'video/webm' }));
    await call(`${path}/video_clips`, { method: 'POST', headers: bearer, body: clip });
  }
  if (!input.keepDraft)
    await call(`${path}/publish`, {
      method: 'POST',
      headers: { ...bearer, 'Content-Type': 'application/json' },
      body: '{}',
    });
  return { id: created.id, scoped_id: created.scoped_id, pathId: `g-${created.id}`, title: created.title };
}
