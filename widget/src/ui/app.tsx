// The overlay: a modal <dialog> (top layer, so it covers fullscreen games too) holding the
// form, the annotation editor or the end state. Owns the report's state and the send flow.
/** @jsxRuntime classic */
/** @jsx h */
// biome-ignore lint/correctness/noUnusedImports: the file's JSX pragma compiles to h().
import { h } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Screenshot } from '../capture/screenshot.ts';
import { AnnotationEditor } from './annotation-editor.tsx';
import { buildReport, EMAIL, type FormState } from './build-report.ts';
import type { OverlayContext, ReportSnapshot, SubmitOutcome } from '../runtime/overlay-contract.ts';
import { startGamepadNav } from './gamepad-nav.ts';
import { focusForm } from './form-focus.ts';
import { createTranslate } from './i18n.ts';
import { type Match, withMatchReference } from './match-search.ts';
import { MatchPanel, mayMatch, useMatches } from './match-suggestions.tsx';
import { useObjectUrl } from './object-url.ts';
import { loadProjectInfo, type ProjectInfo } from './project-info.ts';
import { describe, presetChoices } from './presets.ts';
import { ReportForm } from './report-form.tsx';
import { ResultView } from './result-view.tsx';
import type { Shape } from './shapes.ts';

type View = 'form' | 'editor' | 'result';
const NO_SNAPSHOT: ReportSnapshot = { logs: '', logCount: 0, debugTrace: [], deviceInfo: '', customFields: {} };

/** `root` is the overlay frame's own document (ui/mount.tsx); this code runs in the game's window. A form rendered
 * while closed gets `opened`: it starts nothing (no fetch, focus, capture, timers, gamepad polling) until then. */
export function App({ ctx, root, opened }: { ctx: OverlayContext; root: Document; opened: Promise<void> }) {
  const { t, lang, dir } = useMemo(() => createTranslate(ctx.options.locale), []);
  const dialog = useRef<HTMLDialogElement>(null);
  const [info, setInfo] = useState<ProjectInfo | null>(null);
  const [snap, setSnap] = useState<ReportSnapshot | null>(null);
  const [shot, setShot] = useState<Screenshot | null>(null);
  // Revoked when the picture is replaced and when the form closes (object-url.ts).
  const shotUrl = useObjectUrl(shot?.blob);
  const [shapes, setShapes] = useState<Shape[]>([]);
  const [replay, setReplay] = useState<{ blob: Blob; contentType: string; name: string } | null>(null);
  const [view, setView] = useState<View>('form');
  const [form, setForm] = useState<FormState>({
    kind: 'bug',
    title: '',
    description: '',
    presets: [],
    steps: '',
    fields: {},
    email: '',
    include: { screenshot: true, logs: true, device: true, trace: true, replay: true },
  });
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<SubmitOutcome | null>(null);
  const [rejectedId, setRejectedId] = useState<string | null>(null);
  const viewRef = useRef(view);
  viewRef.current = view;
  const undo = useRef<((redo: boolean) => void) | null>(null);
  const sendRef = useRef<() => void>(() => {});
  const collected = useRef<Promise<ReportSnapshot>>();
  // "Already reported?": the match the player said is the same problem, or "Not it" for this report.
  const [sameAs, setSameAs] = useState<Match | null>(null);
  const [notIt, setNotIt] = useState(false);
  const chosen = sameAs?.kind === form.kind ? sameAs : null;
  const matchable = !notIt && !chosen && mayMatch(ctx.options.suggestMatches, form.kind, info?.mayListIssues);
  const found = useMatches(ctx.options, form.kind, matchable, form.title, form.description);

  const presets = useMemo(() => presetChoices(ctx.options.descriptionPresets, t), []);
  const focus = (id: string) => (root.getElementById(id) as HTMLElement | null)?.focus();

  const useShot = (s: Screenshot) => setShot(s);

  const back = () => {
    if (viewRef.current === 'editor') setView('form');
    else ctx.close();
  };

  useEffect(() => {
    let live = true;
    let stop = () => {};
    opened.then(() => {
      if (live) stop = start();
    });
    return () => {
      live = false;
      stop();
    };
  }, []);

  /** The report's own effects, from its open on: the screenshot, the snapshot, project info, keys, gamepad. */
  const start = () => {
    const d = dialog.current as HTMLDialogElement;
    try {
      d.showModal();
    } catch {
      d.setAttribute('open', '');
    }
    focusForm(root);
    ctx.screenshot.then(useShot);
    // Read in a task of its own: showing and focusing the dialog is this task's work (long tasks stall the game).
    collected.current = new Promise((r) => setTimeout(r)).then(ctx.collect).catch(() => NO_SNAPSHOT);
    collected.current.then((s) => {
      setSnap(s);
      // The game's setUser email starts the contact field; the player may change or clear it.
      if (s.email && EMAIL.test(s.email)) setForm((f) => (f.email ? f : { ...f, email: s.email as string }));
    });
    loadProjectInfo(ctx.options).then((i) => {
      setInfo(i);
      const kinds = availableKinds(i);
      if (!kinds.includes('bug')) setForm((f) => ({ ...f, kind: kinds[0] }));
    });
    ctx.replayClip?.().then(setReplay, () => setReplay(null));
    ctx.setKeyHandler((e) => {
      if (e.type !== 'keydown') return;
      if (e.key === 'Escape') {
        e.preventDefault();
        back();
      } else if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && viewRef.current === 'form') {
        e.preventDefault();
        sendRef.current();
      } else if (/^[zy]$/i.test(e.key) && (e.ctrlKey || e.metaKey) && viewRef.current === 'editor') {
        // Ctrl+Z undoes; Ctrl+Shift+Z and Ctrl+Y redo.
        e.preventDefault();
        undo.current?.(e.shiftKey || e.key.toLowerCase() === 'y');
      }
    });
    const stopPad = startGamepadNav(root, ctx.getGamepads, back);
    return () => {
      stopPad();
      ctx.setKeyHandler(null);
    };
  };

  const minLength = !info
    ? 0
    : form.kind === 'suggestion'
      ? info.minSuggestion
      : form.kind === 'bug'
        ? info.minDescription
        : 0;

  const send = async () => {
    if (progress !== null) return;
    const description = describe(form, minLength, snap, t);
    const n = description.length;
    if (n < Math.max(1, minLength)) {
      setError(t('too_short', { min: Math.max(1, minLength), n }));
      focus('gb-desc');
      return;
    }
    const email = form.email.trim();
    if ((email || form.kind === 'ticket') && !EMAIL.test(email)) {
      setError(t('email_invalid'));
      focus('gb-email');
      return;
    }
    const missing =
      form.kind === 'bug'
        ? info?.fields.find((f) => f.required && (form.fields[f.ident] === undefined || form.fields[f.ident] === ''))
        : undefined;
    if (missing) {
      setError(`${missing.name} (${t('required')})`);
      focus(`gb-cf-${missing.ident}`);
      return;
    }
    setError(null);
    setProgress(0);
    // A player quicker than the capture waits for it: the screenshot and the logs go with the report.
    const screenshot = shot ?? (form.include.screenshot ? await ctx.screenshot.catch(() => null) : null);
    const snapshot = (await collected.current) ?? NO_SNAPSHOT;
    const built = await buildReport({ ...form, description }, snapshot, { screenshot, shapes, replay });
    const input = withMatchReference(built, sameAs);
    let result: SubmitOutcome;
    if (rejectedId) {
      const { attachments: _ignored, ...edits } = input;
      result = await ctx.retry(rejectedId, edits, setProgress);
    } else {
      result = await ctx.submit(input, setProgress);
    }
    setProgress(null);
    setOutcome(result);
    setRejectedId(result.state === 'rejected' ? result.id : null);
    setView('result');
  };
  sendRef.current = send;

  useEffect(() => {
    if (view === 'result') focus('gb-result-action');
    if (view === 'form' && outcome) focus('gb-desc');
  }, [view]);

  return (
    <dialog
      ref={dialog}
      class={ctx.options.theme}
      lang={lang}
      dir={dir}
      aria-labelledby="gb-heading"
      onCancel={(e) => {
        e.preventDefault();
        back();
      }}
    >
      <header>
        <h2 id="gb-heading">{t('heading')}</h2>
        <button type="button" aria-label={t('close')} onClick={() => ctx.close()}>
          ×
        </button>
      </header>
      {view === 'editor' && shot?.blob && shotUrl ? (
        <AnnotationEditor
          src={shotUrl}
          width={shot.width}
          height={shot.height}
          shapes={shapes}
          t={t}
          bindUndo={(fn) => {
            undo.current = fn;
          }}
          getGamepads={ctx.getGamepads}
          onCancel={() => setView('form')}
          onDone={(s) => {
            setShapes(s);
            setView('form');
          }}
        />
      ) : view === 'result' && outcome ? (
        <ResultView outcome={outcome} t={t} onClose={() => ctx.close()} onEdit={() => setView('form')} />
      ) : (
        <ReportForm
          t={t}
          form={form}
          setForm={setForm}
          kinds={info ? availableKinds(info) : ['bug']}
          minLength={minLength}
          presets={presets}
          described={describe(form, minLength, snap, t)}
          fields={info?.fields ?? []}
          snap={snap}
          shot={shot}
          shotUrl={shotUrl}
          annotated={shapes.length > 0}
          replay={replay}
          replaySeconds={typeof ctx.options.replay === 'object' ? (ctx.options.replay.seconds ?? 30) : 30}
          askEmail={ctx.options.askEmail}
          error={error}
          progress={progress}
          onAnnotate={() => setView('editor')}
          onChooseFile={async (file) => {
            try {
              const bitmap = await createImageBitmap(file);
              setShapes([]);
              // The chosen File belongs to the overlay frame's realm, gone once the frame is replaced (a game removed
              // it, a new container) while the report may still upload: a Blob of this window holds the same bytes.
              const blob = new Blob([file], { type: file.type });
              useShot({ blob, width: bitmap.width, height: bitmap.height, blank: false, source: 'file' });
              bitmap.close();
            } catch {
              /* not an image: keep what we had */
            }
          }}
          onCancel={() => ctx.close()}
          onSend={send}
          matchesUnder={found.from}
          matches={
            notIt ? null : (
              <MatchPanel
                t={t}
                matches={matchable ? found.matches : []}
                chosen={chosen}
                onSame={setSameAs}
                onNotIt={() => {
                  setSameAs(null);
                  setNotIt(true);
                }}
                onKnown={(m) => {
                  ctx.emit('known', { kind: m.kind, id: m.ref, title: m.title, status: m.status });
                  ctx.close();
                }}
              />
            )
          }
        />
      )}
    </dialog>
  );
}

function availableKinds(info: ProjectInfo): FormState['kind'][] {
  const kinds: FormState['kind'][] = [];
  if (info.modules.includes('bugs')) kinds.push('bug');
  if (info.modules.includes('suggestions')) kinds.push('suggestion');
  if (info.modules.includes('tickets')) kinds.push('ticket');
  return kinds.length ? kinds : ['bug'];
}
