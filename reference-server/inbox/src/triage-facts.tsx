// The questions triage asks first, answered at the top of an issue: which release, which browser and version,
// OS, GPU, viewport and page, and how the report was sent (the `source` each Glitchbox client stamps).
import type { Issue } from './types.ts';

const SOURCES: Record<string, string> = {
  'glitchbox-web': 'Browser widget',
  'glitchbox-error': 'Browser widget, on an uncaught error',
  'glitchbox-cli': 'Node CLI',
  'node-crash': 'Node SDK, on a crash',
  discord_bot: 'Discord bot',
};

/** How the report reached the service, in words; an unknown source is shown as sent. */
export function sentBy(issue: Pick<Issue, 'source' | 'raw'>): string {
  const source = issue.source;
  if (!source) return issue.raw ? 'API, raw telemetry' : 'API (no source given)';
  return SOURCES[source] ?? (/^node/i.test(source) ? `Node SDK (${source})` : source);
}

export function TriageFacts(props: { issue: Issue }) {
  const { issue } = props;
  const config = (issue.device?.configuration ?? {}) as Record<string, unknown>;
  const text = (key: string) => (typeof config[key] === 'string' && config[key] ? (config[key] as string) : null);
  const page = text('page');
  const facts: Array<[string, preact.ComponentChildren]> = [
    ['Release', issue.release?.label ?? null],
    ['Browser', text('browser')],
    ['OS', text('os')],
    ['GPU', text('gpu')],
    ['Viewport', text('viewport')],
    [
      'Page',
      page && /^https?:\/\//.test(page) ? (
        <a href={page} target="_blank" rel="noopener noreferrer">
          {page}
        </a>
      ) : (
        page
      ),
    ],
    ['Sent by', sentBy(issue)],
  ];
  return (
    <section aria-labelledby="facts-heading" class="triage-facts">
      <h3 id="facts-heading" class="sr-only">
        Triage facts
      </h3>
      <dl>
        {facts.map(([label, value]) => (
          <div key={label} class="fact" data-fact={label}>
            <dt>{label}</dt>
            <dd>{value ?? <span class="muted">not sent</span>}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
