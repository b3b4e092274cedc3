// The issue's debug trace as a timeline: each step's severity, its time when the widget stamped
// one (`[+12.3s] …`), and its text.
import type { Issue } from './types.ts';

export interface TraceStep {
  severity: string;
  description: string;
}

const SEVERITY_LABEL: Record<string, string> = { info: 'Info', warning: 'Warning', danger: 'Danger' };

/** The trace the issue carries (`debug_trace`, object or JSON text), or null when absent. */
export function readDebugTrace(issue: Issue): TraceStep[] | null {
  let trace: unknown = (issue as Issue & { debug_trace?: unknown }).debug_trace;
  if (typeof trace === 'string') {
    try {
      trace = JSON.parse(trace);
    } catch {
      return null;
    }
  }
  const steps = (trace as { steps?: unknown } | null | undefined)?.steps;
  if (!Array.isArray(steps)) return null;
  return steps
    .filter(
      (s): s is TraceStep => typeof s === 'object' && s !== null && typeof (s as TraceStep).description === 'string',
    )
    .map((s) => ({ severity: String(s.severity ?? 'info'), description: s.description }));
}

export function DebugTrace(props: { steps: TraceStep[] | null }) {
  const { steps } = props;
  const counts: Record<string, number> = {};
  for (const s of steps ?? []) counts[s.severity] = (counts[s.severity] ?? 0) + 1;
  return (
    <section aria-labelledby="trace-heading">
      <h3 id="trace-heading">Debug trace</h3>
      {!steps && <p class="muted">This issue has no debug trace.</p>}
      {steps && (
        <>
          <p class="muted">
            {steps.length} {steps.length === 1 ? 'step' : 'steps'}:{' '}
            {Object.entries(counts)
              .map(([s, n]) => `${n} ${SEVERITY_LABEL[s]?.toLowerCase() ?? s}`)
              .join(', ')}
          </p>
          <ol class="timeline" aria-label="Debug trace timeline">
            {steps.map((step, i) => {
              const stamp = /^\[\+([\d.]+)s\]\s*/.exec(step.description);
              return (
                <li key={i} class={`trace-step severity-${step.severity}`}>
                  <span class="trace-time">{stamp ? `+${stamp[1]} s` : `#${i + 1}`}</span>
                  <span class={`severity severity-${step.severity}`}>
                    {SEVERITY_LABEL[step.severity] ?? step.severity}
                  </span>
                  <span class="trace-text">{stamp ? step.description.slice(stamp[0].length) : step.description}</span>
                </li>
              );
            })}
          </ol>
        </>
      )}
    </section>
  );
}
