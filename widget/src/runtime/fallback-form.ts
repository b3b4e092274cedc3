// The form that needs nothing from the network: when the overlay chunk cannot be fetched (offline since
// page load), a plain <dialog> takes the description and sends it (or keeps it on the device) with what
// was captured and the grabbed frame as a PNG. English only; the full overlay comes back once online.
import type { ReportAttachmentInput, ReportInput } from '../core/types.ts';
import type { ReportSnapshot, SubmitOutcome } from './overlay-contract.ts';

export interface FallbackDeps {
  container: HTMLElement;
  frame: ImageBitmap | null;
  collect(): Promise<ReportSnapshot>;
  submit(report: ReportInput): Promise<SubmitOutcome>;
  close(): void;
}

/** Shows the form; returns its element (the caller marks it as ours and removes it on close). */
export function showFallbackForm(d: FallbackDeps): HTMLDialogElement {
  const dialog = document.createElement('dialog');
  dialog.innerHTML =
    '<form><h2>Report a problem</h2><textarea id="gb-desc" required rows="6" cols="40"' +
    ' aria-label="What happened?"></textarea><p role="status"></p>' +
    '<button id="gb-send">Send</button> <button type="button">Cancel</button></form>';
  const find = (selector: string) => dialog.querySelector(selector)!;
  const [form, status, send, cancel] = ['form', '[role=status]', '#gb-send', '[type=button]'].map(find) as [
    HTMLFormElement,
    HTMLElement,
    HTMLButtonElement,
    HTMLButtonElement,
  ];
  cancel.onclick = d.close;
  dialog.onclose = d.close;
  form.onsubmit = async (e) => {
    e.preventDefault();
    send.disabled = true;
    const description = (form[0] as HTMLTextAreaElement).value;
    const outcome = await d.submit(await fallbackReport(description, await d.collect(), d.frame));
    status.setAttribute('data-gb-outcome', outcome.state);
    status.textContent =
      outcome.state === 'sent'
        ? 'Sent, thank you.'
        : outcome.state === 'queued'
          ? 'Saved on this device, it will be sent when you are back online.'
          : `Not saved: ${'reason' in outcome ? outcome.reason : outcome.state}`;
    if (outcome.state === 'failed') send.disabled = false;
    else {
      send.remove();
      cancel.textContent = 'Close';
    }
  };
  d.container.append(dialog);
  dialog.showModal();
  return dialog;
}

async function fallbackReport(
  description: string,
  snap: ReportSnapshot,
  frame: ImageBitmap | null,
): Promise<ReportInput> {
  const report: ReportInput = {
    kind: 'bug',
    description: description.trim(),
    source: 'glitchbox-web',
    deviceInfo: snap.deviceInfo,
    logs: snap.logs,
  };
  if (snap.releaseLabel) report.releaseLabel = snap.releaseLabel;
  if (snap.debugTrace.length) report.debugTrace = snap.debugTrace;
  if (Object.keys(snap.customFields).length) report.customFields = snap.customFields;
  const png = await toPng(frame);
  if (png) {
    const shot: ReportAttachmentInput = {
      kind: 'screenshot',
      name: 'screenshot.png',
      contentType: 'image/png',
      data: png,
    };
    report.attachments = [shot];
  }
  return report;
}

function toPng(frame: ImageBitmap | null): Promise<Blob | null> {
  if (!frame) return Promise.resolve(null);
  const c = document.createElement('canvas');
  c.width = frame.width;
  c.height = frame.height;
  c.getContext('2d')?.drawImage(frame, 0, 0);
  return new Promise((resolve) => c.toBlob(resolve, 'image/png'));
}
