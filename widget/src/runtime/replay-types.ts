// Contract of the lazy replay chunk (kept apart so the loader imports types only).
import type { ReplayOptions } from './options.ts';

export interface ReplayClip {
  blob: Blob;
  contentType: string;
  name: string;
}

export interface ReplayRecorder {
  /** Muxes the kept seconds into one file; null when nothing was recorded. */
  clip(): Promise<ReplayClip | null>;
  stop(): void;
  /** Bytes of encoded video held in memory. */
  bytes(): number;
}

export interface ReplayModule {
  /** afterFrame runs a function right after the game's next frame (the WebGL buffer is still valid then). */
  createReplayRecorder(
    canvas: HTMLCanvasElement,
    options: ReplayOptions,
    afterFrame: (fn: () => void) => void,
  ): ReplayRecorder;
}
