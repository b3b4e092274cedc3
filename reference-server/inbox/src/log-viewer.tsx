// Log files read from their `url`, shown with line numbers and a filter that keeps the
// original numbers of the matching lines.
import { useMemo, useState } from 'preact/hooks';
import { formatBytes } from './format.ts';
import type { Attachment } from './types.ts';
import { useAsync } from './use-async.ts';

const MAX_LINES = 20_000;

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.text();
}

export function LogFiles(props: { items: Attachment[] }) {
  return (
    <section aria-labelledby="logs-heading">
      <h3 id="logs-heading">Log files ({props.items.length})</h3>
      {!props.items.length && <p class="muted">No log files.</p>}
      {props.items.map((log, i) => (
        <LogFile key={log.id} log={log} open={i === 0} />
      ))}
    </section>
  );
}

function LogFile(props: { log: Attachment; open: boolean }) {
  const { log } = props;
  const [open, setOpen] = useState(props.open);
  const name = log.filename ?? `log-${log.id}.txt`;
  return (
    <details class="log" open={open} onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary>
        {name} <span class="muted">{formatBytes(log.size_bytes ?? log.media_size_bytes)}</span>
      </summary>
      {open &&
        (log.url ? <LogBody id={log.id} url={log.url} name={name} /> : <p class="muted">This log has no URL.</p>)}
    </details>
  );
}

function LogBody(props: { id: number; url: string; name: string }) {
  const text = useAsync(() => fetchText(props.url), [props.url]);
  const [filter, setFilter] = useState('');
  const lines = useMemo(() => (text.data ?? '').replace(/\r?\n$/, '').split(/\r?\n/), [text.data]);
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const numbered = lines.map((line, i) => ({ n: i + 1, line }));
    return needle ? numbered.filter((l) => l.line.toLowerCase().includes(needle)) : numbered;
  }, [lines, filter]);
  if (text.error)
    return (
      <p class="error" role="alert">
        The log could not be read: {String((text.error as Error).message ?? text.error)}
      </p>
    );
  if (text.loading && !text.data) return <p role="status">Reading the log…</p>;
  const filterId = `log-filter-${props.id}`;
  return (
    <div class="log-body">
      <div class="log-tools">
        <label for={filterId}>Filter lines</label>
        <input
          id={filterId}
          type="search"
          value={filter}
          placeholder="error, warn, player…"
          onInput={(e) => setFilter((e.target as HTMLInputElement).value)}
        />
        <span class="muted" role="status">
          {filter.trim() ? `${shown.length} of ${lines.length} lines match` : `${lines.length} lines`}
        </span>
        <a href={`${props.url}?download=${encodeURIComponent(props.name)}`} download={props.name}>
          Download
        </a>
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus so keyboards can scroll it */}
      <section class="log-lines" tabIndex={0} aria-label={`Contents of ${props.name}`}>
        <table>
          <tbody>
            {shown.slice(0, MAX_LINES).map((l) => (
              <tr
                key={l.n}
                class={
                  /\b(error|fatal|exception)\b/i.test(l.line)
                    ? 'log-error'
                    : /\bwarn(ing)?\b/i.test(l.line)
                      ? 'log-warn'
                      : undefined
                }
              >
                <th scope="row">{l.n}</th>
                <td>{l.line}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {shown.length > MAX_LINES && (
          <p class="muted">Showing the first {MAX_LINES} lines; download the file for the rest.</p>
        )}
      </section>
    </div>
  );
}
