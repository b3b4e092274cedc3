// The honest end state: sent, saved on this device (and why), or the server's reason.
/** @jsxRuntime classic */
/** @jsx h */
// biome-ignore lint/correctness/noUnusedImports: the file's JSX pragma compiles to h().
import { h } from 'preact';
import type { SubmitOutcome } from '../runtime/overlay-contract.ts';
import type { Translate } from './i18n.ts';

export function ResultView({
  outcome,
  t,
  onClose,
  onEdit,
}: {
  outcome: SubmitOutcome;
  t: Translate;
  onClose(): void;
  onEdit(): void;
}) {
  const bad = outcome.state === 'rejected' || outcome.state === 'failed';
  const text =
    outcome.state === 'sent'
      ? t('sent')
      : outcome.state === 'queued'
        ? t(
            outcome.reason === 'offline'
              ? 'queued_offline'
              : outcome.reason === 'retry'
                ? 'queued_retry'
                : 'queued_slow',
          )
        : outcome.state === 'rejected'
          ? t('rejected', { reason: outcome.reason })
          : outcome.state === 'failed'
            ? t('failed', { reason: outcome.reason })
            : t('dropped');
  return (
    <div class="gb-result">
      <p class={bad ? 'gb-error' : 'gb-ok'} role={bad ? 'alert' : 'status'} data-gb-outcome={outcome.state}>
        {text}
      </p>
      <div class="gb-actions">
        {bad && (
          <button type="button" onClick={onEdit}>
            {t('edit_retry')}
          </button>
        )}
        <button type="button" class="gb-primary" id="gb-result-action" onClick={onClose}>
          {t('close')}
        </button>
      </div>
    </div>
  );
}
