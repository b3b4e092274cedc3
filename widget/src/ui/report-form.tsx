// The report form: type, title, description with its live counter, steps, the project's
// tester-settable custom fields, attachment toggles with previews, contact email, send.
/** @jsxRuntime classic */
/** @jsx h */
/** @jsxFrag Fragment */
// biome-ignore lint/correctness/noUnusedImports: the file's JSX pragma compiles to h().
import { h, Fragment, type VNode } from 'preact';
import type { Screenshot } from '../capture/screenshot.ts';
import type { FormState } from './build-report.ts';
import type { ReportSnapshot } from '../runtime/overlay-contract.ts';
import { CustomFieldInput } from './custom-field-input.tsx';
import type { Translate } from './i18n.ts';
import type { FieldDef } from './project-info.ts';

export interface FormProps {
  t: Translate;
  form: FormState;
  setForm(f: FormState | ((f: FormState) => FormState)): void;
  kinds: FormState['kind'][];
  minLength: number;
  fields: FieldDef[];
  snap: ReportSnapshot | null;
  shot: Screenshot | null;
  shotUrl: string | null;
  annotated: boolean;
  replay: { blob: Blob } | null;
  replaySeconds: number;
  askEmail: boolean;
  error: string | null;
  progress: number | null;
  onAnnotate(): void;
  onChooseFile(file: File): void;
  onCancel(): void;
  onSend(): void;
  /** Preset sentences offered to a bug (docs/widget.md#preset-descriptions), and the description they compose. */
  presets: string[];
  described: string;
  /** The "Already reported?" panel, shown under the field its search came from. */
  matches?: VNode | null;
  matchesUnder?: 'title' | 'description';
}

export function ReportForm(p: FormProps) {
  const { t, form } = p;
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => p.setForm((f) => ({ ...f, [key]: value }));
  const toggle = (key: keyof FormState['include']) =>
    p.setForm((f) => ({ ...f, include: { ...f.include, [key]: !f.include[key] } }));
  const n = p.described.length;
  const bug = form.kind === 'bug';
  const busy = p.progress !== null;
  const descLabel = bug
    ? t('description')
    : form.kind === 'suggestion'
      ? t('description_suggestion')
      : t('description_ticket');

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        p.onSend();
      }}
    >
      {p.kinds.length > 1 && (
        <fieldset>
          <legend>{t('type')}</legend>
          {p.kinds.map((k) => (
            <label class="gb-choice" key={k} for={`gb-kind-${k}`}>
              <input
                type="radio"
                id={`gb-kind-${k}`}
                name="gb-kind"
                value={k}
                checked={form.kind === k}
                onChange={() => set('kind', k)}
              />
              {t(`type_${k}` as 'type_bug')}
            </label>
          ))}
        </fieldset>
      )}

      <label for="gb-title">{t('title')}</label>
      <input
        id="gb-title"
        type="text"
        maxLength={200}
        value={form.title}
        onInput={(e) => set('title', (e.target as HTMLInputElement).value)}
      />
      {p.matchesUnder === 'title' && p.matches}

      <label for="gb-desc">{descLabel}</label>
      <textarea
        id="gb-desc"
        required
        aria-invalid={p.error && n < p.minLength ? 'true' : undefined}
        aria-describedby="gb-counter gb-error"
        value={form.description}
        onInput={(e) => set('description', (e.target as HTMLTextAreaElement).value)}
      />
      <p id="gb-counter" class="gb-hint">
        {p.minLength ? t('counter', { n, min: p.minLength }) : t('counter_free', { n })}
      </p>
      {p.matchesUnder === 'description' && p.matches}

      {bug && (
        <>
          {p.presets.length > 0 && <Presets {...p} />}
          <label for="gb-steps">{t('steps')}</label>
          <textarea
            id="gb-steps"
            value={form.steps}
            onInput={(e) => set('steps', (e.target as HTMLTextAreaElement).value)}
          />
          {p.fields.length > 0 && (
            <fieldset>
              <legend>{t('fields')}</legend>
              {p.fields.map((def) => (
                <CustomFieldInput
                  key={def.ident}
                  def={def}
                  t={t}
                  value={form.fields[def.ident]}
                  onChange={(v) => p.setForm((f) => ({ ...f, fields: { ...f.fields, [def.ident]: v } }))}
                />
              ))}
            </fieldset>
          )}
          <fieldset>
            <legend>{t('attachments')}</legend>
            <div class="gb-att">
              <label class="gb-choice" for="gb-att-shot">
                <input
                  id="gb-att-shot"
                  type="checkbox"
                  checked={form.include.screenshot}
                  onChange={() => toggle('screenshot')}
                />
                {t('att_screenshot')}
                {p.annotated ? ` (${t('annotated')})` : ''}
              </label>
              {p.shotUrl ? (
                <>
                  <img class="gb-thumb" src={p.shotUrl} alt={t('shot_alt')} />
                  <button type="button" id="gb-annotate" onClick={p.onAnnotate}>
                    {t('annotate')}
                  </button>
                </>
              ) : !p.shot ? (
                <p class="gb-hint gb-thumb-wait" role="status">
                  {t('shot_loading')}
                </p>
              ) : null}
            </div>
            {p.shot && !p.shot.blob && <p class="gb-hint">{t('blank_shot')}</p>}
            {p.shot && (
              <div>
                <label for="gb-file">{t('choose_image')}</label>
                <input
                  id="gb-file"
                  type="file"
                  accept="image/png,image/jpeg"
                  onChange={(e) => {
                    const f = (e.target as HTMLInputElement).files?.[0];
                    if (f) p.onChooseFile(f);
                  }}
                />
              </div>
            )}
            <Toggle
              id="gb-att-logs"
              label={t('att_logs', { n: p.snap?.logCount ?? 0 })}
              checked={form.include.logs}
              onToggle={() => toggle('logs')}
              preview={p.snap?.logs}
              t={t}
            />
            <Toggle
              id="gb-att-device"
              label={t('att_device')}
              checked={form.include.device}
              onToggle={() => toggle('device')}
              preview={p.snap?.deviceInfo}
              t={t}
            />
            <Toggle
              id="gb-att-trace"
              label={t('att_trace', { n: p.snap?.debugTrace.length ?? 0 })}
              checked={form.include.trace}
              onToggle={() => toggle('trace')}
              preview={p.snap?.debugTrace.map((s) => `${s.severity}: ${s.description}`).join('\n')}
              t={t}
            />
            {p.replay && (
              <Toggle
                id="gb-att-replay"
                label={t('att_replay', { n: p.replaySeconds })}
                checked={form.include.replay}
                onToggle={() => toggle('replay')}
                t={t}
              />
            )}
          </fieldset>
        </>
      )}

      {(p.askEmail || form.kind === 'ticket') && (
        <>
          <label for="gb-email">{form.kind === 'ticket' ? t('email_ticket') : t('email')}</label>
          <input
            id="gb-email"
            type="email"
            autoComplete="email"
            required={form.kind === 'ticket'}
            value={form.email}
            onInput={(e) => set('email', (e.target as HTMLInputElement).value)}
          />
        </>
      )}

      <p id="gb-error" class="gb-error" role="alert">
        {p.error ?? ''}
      </p>
      {busy && (
        <div>
          <progress
            id="gb-progress"
            max={1}
            value={p.progress ?? 0}
            aria-label={t('sending', { n: Math.round((p.progress ?? 0) * 100) })}
          />
          <p class="gb-hint" role="status">
            {t('sending', { n: Math.round((p.progress ?? 0) * 100) })}
          </p>
        </div>
      )}
      <div class="gb-actions">
        <button type="button" onClick={p.onCancel}>
          {t('cancel')}
        </button>
        <button type="submit" class="gb-primary" id="gb-send" disabled={busy}>
          {t('send')}
        </button>
      </div>
    </form>
  );
}

function Toggle(p: { id: string; label: string; checked: boolean; onToggle(): void; preview?: string; t: Translate }) {
  return (
    <div class="gb-att">
      <label class="gb-choice" for={p.id}>
        <input id={p.id} type="checkbox" checked={p.checked} onChange={p.onToggle} />
        {p.label}
      </label>
      {p.preview ? (
        <details>
          <summary>{p.t('show')}</summary>
          <pre>{p.preview}</pre>
        </details>
      ) : null}
    </div>
  );
}

/** Sentences picked with the pad's A (or a click, or Space): each toggles; the composed text can be read. */
function Presets(p: FormProps) {
  const picked = p.form.presets ?? [];
  return (
    <fieldset>
      <legend>{p.t('presets')}</legend>
      {p.presets.map((s, i) => (
        <label class="gb-choice" key={s} for={`gb-preset-${i}`}>
          <input
            type="checkbox"
            id={`gb-preset-${i}`}
            checked={picked.includes(s)}
            onChange={() =>
              p.setForm(({ presets = [], ...f }) => ({
                ...f,
                presets: presets.includes(s) ? presets.filter((x) => x !== s) : [...presets, s],
              }))
            }
          />
          {s}
        </label>
      ))}
      {picked.length > 0 && (
        <details>
          <summary>{p.t('preset_preview')}</summary>
          <pre id="gb-preset-text">{p.described}</pre>
        </details>
      )}
    </fieldset>
  );
}
