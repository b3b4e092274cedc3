// The stalled games' shared fault: after 40 drawn frames the game's loop throws, and the engine's loop stops.
export function failAfterFrames(): void {
  const frames = (window as unknown as { __game: { frames: number } }).__game.frames;
  if (frames >= 40) throw new Error(`game loop failed after ${frames} frames (a test fault, on purpose)`);
}
