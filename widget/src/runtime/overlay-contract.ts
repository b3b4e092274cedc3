// The one object the lazy overlay receives from the loader: options, the screenshot being
// finished, what was captured, and the actions it may take. Types only: no code crosses over.
// The runtime owns this contract and ui/ implements it, so nothing outside ui/ imports ui/.
import type { ReportInput } from '../core/types.ts';
import type { TraceStep } from '../capture/breadcrumbs.ts';
import type { FrameStats } from '../capture/frame-hook.ts';
import type { GpuFacts } from '../capture/device-info.ts';
import type { createEmitter } from './events.ts';
import type { ResolvedOptions } from './options.ts';
import type { createFrameEncoder } from '../media/frame-encoder.ts';
import type { finishScreenshot } from '../media/finish-screenshot.ts';
import type { CopyFrame, Screenshot } from '../capture/screenshot.ts';

export interface ReportSnapshot {
  logs: string;
  logCount: number;
  debugTrace: TraceStep[];
  deviceInfo: string;
  /** Values from the game (setCustomField and the customFields callback). */
  customFields: Record<string, unknown>;
  /** The player's email and Discord id from setUser: the form's email starts with it. */
  email?: string;
  discordId?: string;
  releaseLabel?: string;
  frameStats?: FrameStats;
}

export type SubmitOutcome =
  | { state: 'sent'; id: string }
  | { state: 'queued'; id: string; reason: 'offline' | 'retry' | 'slow' }
  | { state: 'rejected'; id: string; reason: string; status?: number }
  | { state: 'dropped' }
  | { state: 'failed'; reason: string };

export interface OverlayContext {
  options: ResolvedOptions;
  /** Where the overlay's host element goes: the fullscreen element when there is one. */
  container: HTMLElement;
  screenshot: Promise<Screenshot>;
  /** What the game captured, read when the overlay opens. */
  collect(): Promise<ReportSnapshot>;
  /** The last seconds of the canvas as a video clip, when replay is on. */
  replayClip?: () => Promise<{ blob: Blob; contentType: string; name: string } | null>;
  submit(input: ReportInput, onProgress: (fraction: number) => void): Promise<SubmitOutcome>;
  /** Re-sends a rejected report with the player's edits. */
  retry(id: string, edits: Partial<ReportInput>, onProgress: (fraction: number) => void): Promise<SubmitOutcome>;
  close(): void;
  /** Tells the game (the public events): the overlay sends `known` when the player closes on a known match. */
  emit: ReturnType<typeof createEmitter>['emit'];
  /** Key events typed in the overlay's frame arrive here while open (ui/mount.tsx listens on that window). */
  setKeyHandler(handler: ((e: KeyboardEvent) => void) | null): void;
  /** The loader shield's key listener, added to the overlay frame's window too: the hotkey closes from there,
   * and a key pressed there keeps its key-up from the game when it lands on the game's window after close. */
  onKey(e: Event): void;
  /** The real getGamepads (the game sees none while the overlay is open). */
  getGamepads(): (Gamepad | null)[];
}

/** What the loader hands the overlay: everything but the key handler, which the overlay's own frame serves. */
export type LoaderContext = Omit<OverlayContext, 'setKeyHandler'>;

export interface OverlayHandle {
  host: HTMLElement;
  unmount(): void;
  /** Every key event the loader's shield reads while open: a key that lands on the game's page before focus moved
   * into the form (it moves after the frame that paints it) takes focus there, so its character is typed in it. */
  key?(e: Event): void;
}

export interface UiModule {
  mountOverlay(ctx: LoaderContext): OverlayHandle;
  /** The encode side of the screenshot pipeline ships with the overlay, not the loader. */
  finishScreenshot: typeof finishScreenshot;
  createFrameEncoder: typeof createFrameEncoder;
  /** Loads what the first render needs (the locale's strings). */
  prepare(locale: string): Promise<void>;
  /** Prepares the hidden frame and the next report's form in idle time (ui/mount.tsx). */
  warm(options: ResolvedOptions): void;
  /** Starts a WebGL canvas's grab on the GPU in the game's frame and reads it back after (media/gpu-copy.ts). */
  copyFrame: CopyFrame;
  /** A WebGL game's GPU from its own context, asked for while the game idles (media/gpu-read.ts). */
  readGpu(canvas: HTMLCanvasElement | null): GpuFacts | undefined;
}
