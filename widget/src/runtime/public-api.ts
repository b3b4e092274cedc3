// The public surface shared by the script tag and the ESM entry: one widget per page, calls
// before init are safe no-ops (breadcrumbs are kept and handed over), nothing throws into the game.
import type { ChunkLoader } from './chunks.ts';
import type { GlitchboxEvent } from './events.ts';
import type { GlitchboxOptions, GlitchboxUser } from './options.ts';
import { createRuntime, type Runtime } from './runtime.ts';

export interface GlitchboxApi {
  /** Starts the widget once per page; outside a browser (server-side rendering, Node) a no-op with one warning. */
  init(options: GlitchboxOptions): GlitchboxApi;
  /** Shows the reporter and grabs the game's next frame; resolves once grabbed and 'open' is emitted. */
  open(): Promise<void>;
  close(): void;
  /** Leaves a breadcrumb in the debug trace: severity info | warning | danger. */
  breadcrumb(severity: 'info' | 'warning' | 'danger' | string, text: string): void;
  /** A custom field value sent with every report (undefined removes it). */
  setCustomField(ident: string, value: unknown): void;
  /**
   * Who the player is, for every report from now on; `null` when they sign out. The id and name go as the
   * `player_id` and `player_name` custom fields; the email fills the form's contact field and, unless the
   * player clears it there, identifies the reporter (the credential's email claim); a Discord id is the
   * claim when no email goes (docs/widget.md#the-player).
   * @example
   * Glitchbox.setUser({ id: 'p-1234', email: 'ana@example.com', name: 'Ana' });
   * Glitchbox.setUser(null); // signed out: nothing of hers is sent
   */
  setUser(user: GlitchboxUser | null): void;
  on<K extends keyof GlitchboxEvent>(type: K, fn: (e: GlitchboxEvent[K]) => void): () => void;
  off<K extends keyof GlitchboxEvent>(type: K, fn: (e: GlitchboxEvent[K]) => void): void;
  isOpen(): boolean;
}

export function createPublicApi(chunks: ChunkLoader): GlitchboxApi & { runtime(): Runtime | undefined } {
  let rt: Runtime | undefined;
  const early: Array<[string, string]> = [];
  const waiting: Array<(r: Runtime) => void> = [];
  const api = {
    init(options: GlitchboxOptions) {
      if (rt) return api;
      rt = createRuntime(options, chunks);
      for (const [s, t] of early.splice(0)) rt.breadcrumb(s, t);
      for (const fn of waiting.splice(0)) fn(rt);
      return api;
    },
    open: () => (rt ? rt.open() : Promise.resolve()),
    close: () => rt?.close(),
    breadcrumb(severity: string, text: string) {
      if (rt) rt.breadcrumb(severity, text);
      else if (early.length < 100) early.push([severity, text]);
    },
    setCustomField(ident: string, value: unknown) {
      if (rt) rt.setCustomField(ident, value);
      else waiting.push((r) => r.setCustomField(ident, value));
    },
    setUser(user: GlitchboxUser | null) {
      if (rt) rt.setUser(user);
      else waiting.push((r) => r.setUser(user));
    },
    on<K extends keyof GlitchboxEvent>(type: K, fn: (e: GlitchboxEvent[K]) => void): () => void {
      if (rt) return rt.on(type, fn);
      let off: (() => void) | undefined;
      let cancelled = false;
      waiting.push((r) => {
        if (!cancelled) off = r.on(type, fn);
      });
      return () => {
        cancelled = true;
        off?.();
      };
    },
    off<K extends keyof GlitchboxEvent>(type: K, fn: (e: GlitchboxEvent[K]) => void) {
      rt?.off(type, fn);
    },
    isOpen: () => !!rt?.isOpen(),
    runtime: () => rt,
  };
  return api;
}
