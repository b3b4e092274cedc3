// Small parts of the reports page: copying a report's link, and the notes on report kinds that could not load.
import type { ReportsState } from './use-reports.ts';
import { KIND_LABEL } from './types.ts';

export async function copyLink(link: string, say: (text: string) => void): Promise<void> {
  try {
    await navigator.clipboard.writeText(link);
    say(`Link copied: ${link}`);
  } catch {
    // No clipboard (plain http off localhost, or refused): the link is shown to copy by hand.
    say(`Copy this link: ${link}`);
  }
}

export function SourceNotes(props: { notes: ReportsState['notes'] }) {
  const entries = Object.entries(props.notes).filter(([, message]) => message);
  if (!entries.length) return null;
  return (
    <ul class="notes" aria-label="Report kinds that could not be loaded">
      {entries.map(([kind, message]) => (
        <li key={kind}>
          {KIND_LABEL[kind as keyof typeof KIND_LABEL]}s: {message}
        </li>
      ))}
    </ul>
  );
}
