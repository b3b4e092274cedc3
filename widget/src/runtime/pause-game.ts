// The `pause` option: games that pause when their page is hidden or loses focus (Phaser's visibility
// handler, Unity's runInBackground off, most engines' blur handlers) pause while the reporter is open.
// The game sees document.hidden true with a visibilitychange, and a window blur; on close the reverse.
export function signalPause(paused: boolean): void {
  const d = document as unknown as Record<string, unknown>;
  try {
    if (paused) {
      Object.defineProperty(d, 'hidden', { configurable: true, get: () => true });
      Object.defineProperty(d, 'visibilityState', { configurable: true, get: () => 'hidden' });
    } else {
      delete d.hidden;
      delete d.visibilityState;
    }
    document.dispatchEvent(new Event('visibilitychange'));
    dispatchEvent(new FocusEvent(paused ? 'blur' : 'focus'));
  } catch {
    /* a game listener threw */
  }
}
