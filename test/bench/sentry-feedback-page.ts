// The Sentry side of the key-to-form bench, bundled into the game's page: @sentry/browser with its feedback
// integration, its form opened by F8 through the trigger Sentry documents for a custom button (`attachTo`).
import * as Sentry from '@sentry/browser';

const w = window as unknown as Record<string, any>;

/** Marks the rendered dialog for the trace, then notes in the page when the next frame was painted. */
function shown(): void {
  performance.measure('sentry:mount', 'sentry:key');
  // As test/bench/trace.ts's watchPaintedForm: a task posted from the next frame's rAF runs once it is painted.
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      if (w.__shownAt !== undefined) return;
      w.__shownAt = performance.now();
      w.__shownFrame = w.__game?.frames;
    };
    channel.port2.postMessage(0);
  });
}

// The defaults a game would keep (breadcrumbs, sessions); the DSN is a dummy endpoint on loopback.
Sentry.init({
  dsn: w.__sentryDsn,
  integrations: [Sentry.feedbackIntegration({ autoInject: false, onFormOpen: shown })],
});

// A game with a hotkey has no launcher button on screen: the key clicks the trigger Sentry listens to.
const trigger = document.createElement('button');
Sentry.getFeedback()?.attachTo(trigger);
addEventListener('keydown', (e: KeyboardEvent) => {
  if (e.key !== 'F8') return;
  performance.mark('sentry:key');
  trigger.click();
});
