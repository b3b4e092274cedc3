// "Merge into g-N" as the public API allows it: the report is archived (the archive operation) and keeps its
// glitchbox_same_as link, which the canonical issue lists under "Also reported by"; Unarchive undoes it. There is
// no server-side merge (docs/inbox.md#what-the-api-cannot-do): nothing moves, no id is reassigned.
import { useRef, useState } from 'preact/hooks';
import { projectPath, type Api } from './api.ts';
import { errorText } from './format.ts';
import { EMPTY_PROJECT_INFO, may, type ProjectInfo } from './project-info.ts';
import { reportKey } from './report-items.ts';
import type { ReportItem } from './types.ts';

export interface MergeReport {
  /** The issue's `id` (its path is `g-<id>`). */
  id: number;
  scopedId: number;
}

export interface MergeControl {
  /**
   * May archive, and holds bugs.merge where the project detail lists the caller's scopes; false until the detail
   * is in, so a button never shows and then goes.
   */
  allowed: boolean;
  busy: boolean;
  /** Bumped after every merge or undo, so the sections listing reports read them again. */
  revision: number;
  /** Archives `report` as a copy of `into` (`g-<id>`); `moveOn`: the cursor (and the open report) go to the next. */
  merge(report: MergeReport, into: string, moveOn: boolean): Promise<void>;
  unarchive(report: MergeReport): Promise<void>;
}

export interface MergeHooks {
  say(text: string): void;
  /** The list changed: read it again. */
  changed(): void;
  /**
   * Puts the cursor on the report after the one with list key `key` (opening it when `key` was the open one), as a
   * mail client does after archiving.
   */
  moveOn(key: string): void;
}

export function useMerge(
  api: Api,
  projectId: string,
  info: ProjectInfo,
  hooks: MergeHooks,
): MergeControl & {
  undo: (() => void) | null;
  lastMerged: MergeReport | null;
  /** The `m` key on a list line: merged when its player named an issue, else the status line says why not. */
  mergeItem(item: ReportItem | undefined): void;
} {
  const [busy, setBusy] = useState(false);
  const [revision, setRevision] = useState(0);
  const [last, setLast] = useState<{ report: MergeReport; into: string } | null>(null);
  const latest = useRef(hooks);
  latest.current = hooks;
  const base = `${projectPath(projectId)}/issues`;

  const call = async (report: MergeReport, verb: 'archive' | 'unarchive'): Promise<boolean> => {
    setBusy(true);
    try {
      await api.send('POST', `${base}/g-${report.id}/${verb}`);
      setRevision((r) => r + 1);
      return true;
    } catch (error) {
      latest.current.say(`Issue #${report.scopedId}: ${verb} refused: ${errorText(error)}`);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const unarchive = async (report: MergeReport, undoing?: string) => {
    if (!(await call(report, 'unarchive'))) return;
    setLast((l) => (l?.report.id === report.id ? null : l));
    latest.current.say(
      undoing
        ? `Issue #${report.scopedId} unarchived: the merge into ${undoing} is undone.`
        : `Issue #${report.scopedId} unarchived.`,
    );
    latest.current.changed();
  };

  const allowed = info !== EMPTY_PROJECT_INFO && may(info, 'bugs.archive') && may(info, 'bugs.merge');
  const merge = async (report: MergeReport, into: string, moveOn: boolean) => {
    if (!(await call(report, 'archive'))) return;
    setLast({ report, into });
    latest.current.say(`Issue #${report.scopedId} merged into ${into}: archived, and listed there.`);
    if (moveOn) latest.current.moveOn(reportKey('issue', report.scopedId));
    latest.current.changed();
  };

  return {
    allowed,
    busy,
    revision,
    merge,
    mergeItem: (item) => {
      const say = latest.current.say;
      if (item?.kind !== 'issue') return say('Only issues can be merged.');
      if (!item.sameAs)
        return say(`Issue #${item.scopedId}: its player named no issue, so there is none to merge into.`);
      if (!allowed) return say('Merging needs the bugs.archive and bugs.merge permissions on this project.');
      void merge({ id: Number(item.pathId.slice(2)), scopedId: item.scopedId }, item.sameAs, true);
    },
    unarchive: (report) => unarchive(report),
    undo: last ? () => void unarchive(last.report, last.into) : null,
    lastMerged: last?.report ?? null,
  };
}

/** The undo of the last merge, beside the page's status line. */
export function MergeUndo(props: { undo: (() => void) | null; lastMerged: MergeReport | null; busy: boolean }) {
  if (!props.undo || !props.lastMerged) return null;
  return (
    <button type="button" class="secondary undo" disabled={props.busy} onClick={props.undo}>
      Undo the merge of #{props.lastMerged.scopedId}
    </button>
  );
}
