// Runs work after the game's start-up, in an idle period where the browser has one, so the runtime's
// optional steps (warming the overlay, starting replay) never compete with the game's first frames.
export const idle = (fn: () => void, delay = 1500) =>
  setTimeout(() => ('requestIdleCallback' in window ? requestIdleCallback(() => fn()) : fn()), delay);
