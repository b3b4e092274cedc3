// What every matrix game exposes to the test: frames drawn and the keys it believes are held
// (from its own keydown/keyup listeners, as a game's input system keeps them).
export const W = 640;
export const H = 360;

export function exposeGame(): { frame(): void } {
  const held = new Set<string>();
  window.addEventListener('keydown', (e) => held.add(e.code));
  window.addEventListener('keyup', (e) => held.delete(e.code));
  const game = { frames: 0, held };
  (window as unknown as { __game: typeof game }).__game = game;
  return {
    frame: () => {
      game.frames++;
    },
  };
}

/** Slow motion (radians or pixels per second): a screenshot a few frames apart differs by a few pixels. */
export const drift = (t: number, speed: number) => (t / 1000) * speed;
/** A smooth sway of `amplitude` px (at most amplitude / 2 px per second), with no jump back. */
export const sway = (t: number, amplitude = 20) => amplitude * Math.sin(t / 2000);
