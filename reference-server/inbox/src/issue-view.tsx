// One issue as the API shows it to the team: the triage facts first (release, browser, OS, GPU, viewport, page,
// how it was sent), then fields, custom fields, device, debug trace, media, the "Same problem" links (both ways),
// similar issues and the actions.
import { AlsoReported } from './also-reported.tsx';
import { projectPath, type Api } from './api.ts';
import { DebugTrace, readDebugTrace } from './debug-trace.tsx';
import { CustomFields, DeviceInfo } from './details-list.tsx';
import { errorText, formatDate, humanize } from './format.ts';
import { IssueActions } from './issue-actions.tsx';
import { IssueFieldsForm } from './issue-fields-form.tsx';
import { LogFiles } from './log-viewer.tsx';
import { BinaryFiles, VideoClips } from './media-files.tsx';
import { Screenshots } from './screenshots.tsx';
import type { ProjectInfo } from './project-info.ts';
import { toHash } from './route.ts';
import { SameAs } from './same-as.tsx';
import { SimilarIssues } from './similar-issues.tsx';
import { TriageFacts } from './triage-facts.tsx';
import type { Attachment, Issue, MediaSet } from './types.ts';
import { useAsync } from './use-async.ts';
import type { MergeControl } from './use-merge.tsx';

const MEDIA: Array<keyof MediaSet> = ['screenshots', 'log_files', 'binary_files', 'video_clips'];

async function loadIssue(api: Api, projectId: string, pathId: string): Promise<{ issue: Issue; media: MediaSet }> {
  const base = `${projectPath(projectId)}/issues/${encodeURIComponent(pathId)}`;
  const issue = await api.get<Issue>(`${base}.json`);
  const lists = await Promise.all(
    MEDIA.map((kind) =>
      api
        .get<Attachment[]>(`${base}/${kind}.json`)
        // Without a listing, the arrays rendered in the issue itself are the next best source.
        .catch(() => ((issue as Record<string, unknown>)[kind] as Attachment[] | undefined) ?? []),
    ),
  );
  const media = Object.fromEntries(
    MEDIA.map((kind, i) => [kind, Array.isArray(lists[i]) ? lists[i] : []]),
  ) as unknown as MediaSet;
  return { issue, media };
}

export function IssueView(props: {
  api: Api;
  projectId: string;
  pathId: string;
  revision: number;
  info: ProjectInfo;
  archived: boolean;
  merge: MergeControl;
  /** Loaded list lines naming this issue: a change reads "Also reported by" again. */
  namedInList: number;
  onChanged(): void;
}) {
  const { api, projectId, pathId } = props;
  const state = useAsync(() => loadIssue(api, projectId, pathId), [api, projectId, pathId, props.revision]);
  if (state.error)
    return (
      <p class="error" role="alert">
        This issue could not be loaded: {errorText(state.error)}
      </p>
    );
  if (!state.data) return <p role="status">Loading the issue…</p>;
  const { issue, media } = state.data;
  const trace = readDebugTrace(issue);

  return (
    <article class="report" aria-labelledby="report-title">
      <header class="report-head">
        <p class="eyebrow">
          Issue #{issue.scoped_id} · <code>g-{issue.id}</code>
          {issue.raw ? ' · raw' : ''}
        </p>
        <h2 id="report-title">{issue.title || '(no title)'}</h2>
        <p class="muted">
          Reported {formatDate(issue.created_at)} by {issue.reported_by?.name ?? 'an anonymous player'} · updated{' '}
          {formatDate(issue.updated_at)} · score {issue.score}
        </p>
      </header>

      <TriageFacts issue={issue} />
      {issue.status === 'duplicate' && (
        <p class="duplicate-of">
          {issue.potential_duplicate ? (
            <>
              Duplicate of{' '}
              <a href={toHash({ view: 'reports', projectId, kind: 'issue', id: `g-${issue.potential_duplicate.id}` })}>
                #{issue.potential_duplicate.scoped_id} {issue.potential_duplicate.title}
              </a>
              .{' '}
            </>
          ) : (
            'Marked as a duplicate. '
          )}
          Not a duplicate? Set another status below.
        </p>
      )}
      <IssueFieldsForm api={api} projectId={projectId} issue={issue} info={props.info} onSaved={props.onChanged} />

      <section aria-labelledby="description-heading">
        <h3 id="description-heading">Description</h3>
        <p class="prose">{issue.description}</p>
      </section>

      <section aria-labelledby="steps-heading">
        <h3 id="steps-heading">Steps to reproduce</h3>
        {issue.steps_to_reproduce.length ? (
          <ol class="steps">
            {issue.steps_to_reproduce.map((s, i) => (
              <li key={i}>{s.step}</li>
            ))}
          </ol>
        ) : (
          <p class="muted">No steps given.</p>
        )}
      </section>

      <div class="two-col">
        <CustomFields fields={issue.custom_fields} />
        <DeviceInfo device={issue.device} />
      </div>

      <DebugTrace steps={trace} />
      <Screenshots items={media.screenshots} />
      <VideoClips items={media.video_clips} />
      <LogFiles items={media.log_files} />
      <BinaryFiles items={media.binary_files} />

      <section aria-labelledby="people-heading">
        <h3 id="people-heading">People</h3>
        <dl class="facts">
          <dt>Reporter</dt>
          <dd>{issue.reported_by?.name ?? '—'}</dd>
          <dt>Assigned to</dt>
          <dd>{issue.assigned_to?.name ?? 'Nobody'}</dd>
          <dt>Status label</dt>
          <dd>{issue.status_display || humanize(issue.status)}</dd>
        </dl>
      </section>

      <SameAs api={api} projectId={projectId} issue={issue} merge={props.merge} archived={props.archived} />
      <AlsoReported
        api={api}
        projectId={projectId}
        issue={issue}
        info={props.info}
        merge={props.merge}
        revision={props.revision}
        namedInList={props.namedInList}
      />
      <SimilarIssues api={api} projectId={projectId} pathId={pathId} revision={props.revision} merge={props.merge} />
      <IssueActions
        api={api}
        projectId={projectId}
        issue={issue}
        info={props.info}
        archived={props.archived}
        onDone={props.onChanged}
      />
    </article>
  );
}
