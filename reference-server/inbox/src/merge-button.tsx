// The one-click merge and its undo for one report, named for what they do: archive the report, which stays
// linked to the issue it names (docs/inbox.md#same-problem-and-merge).
import type { MergeControl, MergeReport } from './use-merge.tsx';

export function MergeButton(props: {
  control: MergeControl;
  report: MergeReport;
  /** The canonical issue, `g-<id>`. */
  into: string;
  /** The open report itself ("this report"), whose merge moves on to the next one. */
  self?: boolean;
  archived?: boolean;
  /** The id of the MergeNote that explains the button. */
  noteId?: string;
}) {
  const { control, report, into } = props;
  if (!control.allowed) return null;
  const name = props.self ? 'this report' : `#${report.scopedId}`;
  if (props.archived)
    return (
      <button
        type="button"
        class="secondary merge"
        disabled={control.busy}
        onClick={() => void control.unarchive(report)}
      >
        Unarchive {name}
      </button>
    );
  return (
    <button
      type="button"
      class="secondary merge"
      disabled={control.busy}
      aria-describedby={props.noteId}
      onClick={() => void control.merge(report, into, !!props.self)}
    >
      {props.self ? `Merge into ${into}` : `Merge #${report.scopedId} into ${into}`} (archive {name})
    </button>
  );
}

/** The sentence under the buttons: what a merge does here, and what it does not. */
export function MergeNote(props: { id: string }) {
  return (
    <p class="muted merge-note" id={props.id}>
      Merging archives the report through the archive operation. It keeps its media, its id and its link, and the issue
      it names lists it under “Also reported by”. Nothing is moved. Unarchive undoes it.
    </p>
  );
}
