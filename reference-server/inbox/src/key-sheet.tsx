// The `?` sheet: every key of the inbox in a modal dialog (native <dialog>: Escape closes it, focus returns).
import { useEffect, useRef } from 'preact/hooks';
import { KEYS } from './use-triage-keys.ts';

export function KeySheet(props: { open: boolean; onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (props.open && !d.open) d.showModal();
    if (!props.open && d.open) d.close();
  }, [props.open]);
  return (
    <dialog ref={dialog} class="key-sheet" aria-labelledby="keys-heading" onClose={props.onClose}>
      <h2 id="keys-heading">Keyboard shortcuts</h2>
      <dl class="keys">
        {KEYS.map(([key, what]) => [
          <dt key={`k${key}`}>
            <kbd>{key}</kbd>
          </dt>,
          <dd key={`d${key}`}>{what}</dd>,
        ])}
      </dl>
      <form method="dialog">
        <button type="submit">Close</button>
      </form>
    </dialog>
  );
}
