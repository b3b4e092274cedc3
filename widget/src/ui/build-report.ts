// Turns the form, the captured snapshot, the screenshot with its annotations and the replay
// clip into the reporter core's ReportInput. Only what the player left ticked is included.
import type { ReportAttachmentInput, ReportInput, ReportKind } from '../core/types.ts';
import type { ReportSnapshot } from '../runtime/overlay-contract.ts';
import { burnRedactions, renderLayer, type Shape } from './shapes.ts';
import type { Screenshot } from '../capture/screenshot.ts';

export interface FormState {
  kind: ReportKind;
  title: string;
  description: string;
  /** Preset sentences the player picked (docs/widget.md#preset-descriptions), in the order picked. */
  presets?: string[];
  steps: string;
  fields: Record<string, unknown>;
  email: string;
  include: { screenshot: boolean; logs: boolean; device: boolean; trace: boolean; replay: boolean };
}

export interface Media {
  screenshot: Screenshot | null;
  shapes: Shape[];
  replay: { blob: Blob; contentType: string; name: string } | null;
}

export const EMAIL = /^[^\s@]+@[^\s@]+$/;

export async function buildReport(f: FormState, snap: ReportSnapshot, media: Media): Promise<ReportInput> {
  const report: ReportInput = { kind: f.kind, description: f.description.trim(), source: 'glitchbox-web' };
  if (f.title.trim()) report.title = f.title.trim();
  if (EMAIL.test(f.email.trim())) report.email = f.email.trim();
  // The credential's Discord claim takes digits only; the email, when there is one, identifies the player.
  else if (/^\d+$/.test(snap.discordId ?? '')) report.discordId = snap.discordId;
  if (snap.releaseLabel) report.releaseLabel = snap.releaseLabel;
  if (f.kind !== 'bug') return report;

  const steps = f.steps
    .split('\n')
    .map((s) => s.replace(/^\s*(\d+[.)]|[-*])\s*/, '').trim())
    .filter(Boolean);
  if (steps.length) report.steps = steps;
  const custom: Record<string, unknown> = { ...snap.customFields };
  for (const [k, v] of Object.entries(f.fields))
    if (v !== undefined && v !== '' && !(Array.isArray(v) && !v.length)) custom[k] = v;
  if (Object.keys(custom).length) report.customFields = custom;
  if (f.include.device && snap.deviceInfo) report.deviceInfo = snap.deviceInfo;
  if (f.include.trace && snap.debugTrace.length) report.debugTrace = snap.debugTrace;
  if (f.include.logs && snap.logs) {
    // Why a screenshot may be missing or from a fallback, for the developer reading the report.
    const note = media.screenshot?.note ? `# Screenshot (${media.screenshot.source}): ${media.screenshot.note}\n` : '';
    report.logs = note + snap.logs;
  }

  const attachments: ReportAttachmentInput[] = [];
  const shot = media.screenshot;
  if (f.include.screenshot && shot?.blob) {
    const a: ReportAttachmentInput = {
      kind: 'screenshot',
      name: 'screenshot.png',
      contentType: shot.blob.type || 'image/png',
      data: await burnRedactions(shot.blob, media.shapes),
    };
    if (media.shapes.length) a.layer = await renderLayer(media.shapes, shot.width, shot.height);
    attachments.push(a);
  }
  if (f.include.replay && media.replay) {
    attachments.push({
      kind: 'video_clip',
      name: media.replay.name,
      contentType: media.replay.contentType,
      data: media.replay.blob,
    });
  }
  if (attachments.length) report.attachments = attachments;
  return report;
}
