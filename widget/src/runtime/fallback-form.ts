// The form that needs nothing from the network: when the overlay chunk cannot be fetched (offline since
// page load), a plain <dialog> takes the description and sends it (or keeps it on the device) with what
// was captured and the grabbed frame as a PNG. English only; the full overlay comes back once online.
import type { ReportInput } from '../core/types.ts';
import type { ReportSnapshot, SubmitOutcome } from './overlay-contract.ts';

export interface FallbackDeps {
  container: HTMLElement;
  frame: ImageBitmap | null;
  collect(): Promise<ReportSnapshot>;
  submit(report: ReportInput): Promise<SubmitOutcome>;
  close(): void;
}

/** What the form says once the report is out of its hands. */
const SAID: Partial<Record<SubmitOutcome['state'], string>> = {
  sent: 'Sent, thank you.',
  queued: 'Saved on this device, it will be sent when you are back online.',
};

/** Shows the form; returns its element (the caller marks it as ours and removes it on close). */
export function showFallbackForm(d: FallbackDeps): HTMLDialogElement {
  const dialog = document.createElement('dialog');
  dialog.innerHTML =
    '<form><h2>Report a problem</h2><textarea id="gb-desc" required rows="6" cols="40"' +
    ' aria-label="What happened?"></textarea><p role="status"></p>' +
    '<button id="gb-send">Send</button> <button type="button">Cancel</button></form>';
  const form = dialog.firstChild as HTMLFormElement;
  const [, text, status, send, cancel] = form.children as unknown as [
    HTMLElement,
    HTMLTextAreaElement,
    HTMLElement,
    HTMLButtonElement,
    HTMLButtonElement,
  ];
  cancel.onclick = dialog.onclose = d.close;
  form.onsubmit = async (e) => {
    e.preventDefault();
    send.disabled = true;
    const outcome = await d.submit(await fallbackReport(text.value, await d.collect(), d.frame));
    const { state, reason } = outcome as { state: SubmitOutcome['state']; reason?: string };
    status.setAttribute('data-gb-outcome', state);
    status.textContent = SAID[state] ?? `Not saved: ${reason ?? state}`;
    if (state === 'failed') send.disabled = false;
    else {
      send.remove();
      cancel.textContent = 'Close';
    }
  };
  d.container.append(dialog);
  dialog.showModal();
  return dialog;
}

/** The report as the overlay would build it with every capture ticked (empty fields are left out on the wire). */
async function fallbackReport(
  description: string,
  snap: ReportSnapshot,
  frame: ImageBitmap | null,
): Promise<ReportInput> {
  const { releaseLabel, debugTrace, customFields, deviceInfo, logs } = snap;
  const png = frame && (await toPng(frame));
  return {
    kind: 'bug',
    description: description.trim(),
    source: 'glitchbox-web',
    releaseLabel,
    debugTrace,
    customFields,
    deviceInfo,
    logs,
    attachments: png ? [{ kind: 'screenshot', name: 'screenshot.png', contentType: 'image/png', data: png }] : [],
  };
}

function toPng(frame: ImageBitmap): Promise<Blob | null> {
  const c = document.createElement('canvas');
  c.width = frame.width;
  c.height = frame.height;
  c.getContext('2d')?.drawImage(frame, 0, 0);
  return new Promise((resolve) => c.toBlob(resolve));
}
