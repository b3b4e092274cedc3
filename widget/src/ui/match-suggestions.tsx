// "Already reported?" in the form: the debounced search while the player types (one request at a
// time, none offline, none once the token was refused) and the panel of at most three matches with
// the player's choices: Same problem, Not it, Never mind (docs/widget.md#already-reported).
/** @jsxRuntime classic */
/** @jsx h */
// biome-ignore lint/correctness/noUnusedImports: the file's JSX pragma compiles to h().
import { h } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ReportKind } from '../core/types.ts';
import type { ResolvedOptions } from '../runtime/options.ts';
import type { Translate } from './i18n.ts';
import { type Match, type MatchKind, type MatchQuery, searchMatches, toMatchQuery } from './match-search.ts';

/** A pause in typing this long starts a search: about a breath between words, short enough to feel live. */
const MATCH_DEBOUNCE_MS = 450;

// Kinds the token was refused for (403), for the rest of this page: asking again would be refused again.
const refused = new Set<MatchKind>();

/**
 * Whether to search for this kind of report. Off with `suggestMatches: false`; feature-request search is public,
 * so suggestions search by default; issue search needs a token that may list issues: by default only where the
 * project info says it may (`mayListIssues`), and with `suggestMatches: true` also where it does not say.
 */
export function mayMatch(option: boolean | undefined, kind: ReportKind, mayListIssues: boolean | undefined): boolean {
  if (option === false || refused.has(kind as MatchKind)) return false;
  if (kind === 'suggestion') return true;
  return kind === 'bug' && (mayListIssues === true || (option === true && mayListIssues === undefined));
}

export interface FoundMatches {
  matches: Match[];
  from: MatchQuery['from'];
}

/**
 * Searches while `enabled`, after each pause in typing; the request in flight is aborted when the next one starts
 * and when the overlay closes. Fewer than three words clear the matches. Runs from timers and network tasks, never
 * inside the game's frame callbacks.
 */
export function useMatches(
  o: ResolvedOptions,
  kind: ReportKind,
  enabled: boolean,
  title: string,
  description: string,
): FoundMatches {
  const [found, setFound] = useState<FoundMatches>({ matches: [], from: 'title' });
  const inFlight = useRef<AbortController | null>(null);
  const query = enabled ? toMatchQuery(title, description) : null;
  const key = enabled ? `${kind}\n${query?.text ?? ''}` : '';

  useEffect(() => {
    if (!enabled) return;
    if (!query) {
      inFlight.current?.abort();
      setFound((f) => (f.matches.length ? { ...f, matches: [] } : f));
      return;
    }
    const timer = setTimeout(async () => {
      inFlight.current?.abort();
      // Offline the search is skipped without a word: the report itself is kept on the device anyway.
      if (navigator.onLine === false) return;
      const controller = new AbortController();
      inFlight.current = controller;
      try {
        const result = await searchMatches(o, kind as MatchKind, query.text, controller.signal);
        if (controller.signal.aborted) return;
        if (result === 'forbidden') {
          refused.add(kind as MatchKind);
          setFound({ matches: [], from: query.from });
        } else setFound({ matches: result, from: query.from });
      } catch {
        /* aborted, offline or not JSON: no suggestions, nothing else changes */
      }
    }, MATCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [key]);

  useEffect(() => () => inFlight.current?.abort(), []);
  return found;
}

export interface MatchPanelProps {
  t: Translate;
  matches: Match[];
  chosen: Match | null;
  onSame(match: Match): void;
  onNotIt(): void;
  onKnown(match: Match): void;
}

/** The matches under the field the query came from, or the one the player said is the same problem. */
export function MatchPanel({ t, matches, chosen, onSame, onNotIt, onKnown }: MatchPanelProps) {
  if (!chosen && !matches.length) return null;
  return (
    <section class="gb-matches" aria-labelledby="gb-matches-heading">
      <h3 id="gb-matches-heading">{t('match_heading')}</h3>
      {chosen ? (
        <div>
          <p id="gb-match-chosen" role="status">
            {t('match_linked', { title: chosen.title })}
          </p>
          <div class="gb-match-actions">
            <button type="button" id="gb-match-known" onClick={() => onKnown(chosen)}>
              {t('match_known')}
            </button>
            <button type="button" id="gb-match-not-it" onClick={onNotIt}>
              {t('match_not_it')}
            </button>
          </div>
        </div>
      ) : (
        <div>
          <ul aria-live="polite">
            {matches.map((m) => (
              <li key={m.ref} class="gb-match">
                <span class="gb-match-title">{m.title}</span>
                <span class="gb-hint">
                  {m.status}
                  {m.votes === undefined ? '' : ` · ${t('match_votes', { n: m.votes })}`}
                </span>
                {m.fixedIn !== undefined && (
                  <span class="gb-ok">
                    {m.fixedIn ? t('match_fixed_in', { release: m.fixedIn }) : t('match_fixed')}
                  </span>
                )}
                <button type="button" class="gb-match-same" onClick={() => onSame(m)}>
                  {t('match_same')}
                </button>
              </li>
            ))}
          </ul>
          <button type="button" id="gb-match-not-it" onClick={onNotIt}>
            {t('match_not_it')}
          </button>
        </div>
      )}
    </section>
  );
}
