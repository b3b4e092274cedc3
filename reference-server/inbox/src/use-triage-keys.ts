// Mail-client keys for the report list. The cursor is the focused row link, so `j`/`k` only move focus (no
// render), Enter opens it as any link does, and the keys below act on the row under the cursor (else the open
// report). Keys typed into a field are the field's, except Escape.
import { useEffect, useRef } from 'preact/hooks';

export interface TriageActions {
  /** The key of the report under the cursor, or of the open report. */
  open(key: string): void;
  setStatus(key: string, index: number): void;
  archive(key: string): void;
  /** Merges the report into the issue its player named ("Same problem"). */
  merge(key: string): void;
  toggle(key: string): void;
  copyLink(key: string): void;
  back(): void;
  showKeys(): void;
  /** Called when `j` passes the last loaded row. */
  loadMore(): void;
}

export const KEYS: Array<[string, string]> = [
  ['j or ↓', 'Next report in the list'],
  ['k or ↑', 'Previous report in the list'],
  ['Enter', 'Open the report under the cursor'],
  ['n', 'Open the next report'],
  ['p', 'Open the previous report'],
  ['1 … 9', 'Set the status: 1 Open, 2 In progress, 3 Resolved, 4 Closed, then the project’s own'],
  ['e', 'Archive the issue (Unarchive in the archived view)'],
  ['m', 'Merge into the issue the player named (“Same problem”): archive it'],
  ['x', 'Select or unselect for a bulk change'],
  ['c', 'Copy the link to the report'],
  ['/', 'Search'],
  ['Escape', 'Back to the list'],
  ['?', 'Show these keys'],
];

const rows = () => Array.from(document.querySelectorAll<HTMLElement>('.report-list > .report-row'));
const linkOf = (row: Element | undefined) => row?.querySelector<HTMLAnchorElement>('a');

/** Moves the cursor `step` rows; answers the row now under it. */
export function moveCursor(step: number, openKey: string | undefined): HTMLElement | undefined {
  const list = rows();
  if (!list.length) return undefined;
  const focused = (document.activeElement as HTMLElement | null)?.closest<HTMLElement>('.report-row');
  let index = focused ? list.indexOf(focused) : list.findIndex((r) => r.dataset.key === openKey);
  index = index === -1 ? (step > 0 ? 0 : list.length - 1) : Math.min(list.length - 1, Math.max(0, index + step));
  const row = list[index];
  linkOf(row)?.focus({ preventScroll: false });
  return row;
}

const inField = (target: EventTarget | null) =>
  target instanceof HTMLElement && !!target.closest('input, select, textarea, [contenteditable="true"]');

export function useTriageKeys(openKey: string | undefined, actions: TriageActions): void {
  const latest = useRef({ openKey, actions });
  latest.current = { openKey, actions };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.metaKey || event.ctrlKey || event.altKey || event.defaultPrevented) return;
      if (document.querySelector('dialog[open]')) return;
      const { openKey: open, actions: a } = latest.current;
      if (event.key === 'Escape') {
        if (inField(event.target)) (event.target as HTMLElement).blur();
        return a.back();
      }
      if (inField(event.target)) return;
      const cursorKey = () =>
        (document.activeElement as HTMLElement | null)?.closest<HTMLElement>('.report-row')?.dataset.key ?? open;
      const step = (by: number, andOpen: boolean) => {
        const list = rows();
        const before = cursorKey();
        const row = moveCursor(by, open);
        if (by > 0 && row && row === list[list.length - 1] && before === row.dataset.key) a.loadMore();
        if (andOpen && row?.dataset.key) a.open(row.dataset.key);
      };
      const key = event.key;
      const target = cursorKey();
      let handled = true;
      if (key === 'j' || key === 'ArrowDown') step(1, false);
      else if (key === 'k' || key === 'ArrowUp') step(-1, false);
      else if (key === 'n') step(1, true);
      else if (key === 'p') step(-1, true);
      else if (/^[1-9]$/.test(key) && target) a.setStatus(target, Number(key) - 1);
      else if (key === 'e' && target) a.archive(target);
      else if (key === 'm' && target) a.merge(target);
      else if (key === 'x' && target) a.toggle(target);
      else if (key === 'c' && target) a.copyLink(target);
      else if (key === '?') a.showKeys();
      else if (key === '/') document.getElementById('search')?.focus();
      else handled = false;
      if (handled) event.preventDefault();
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, []);
}
