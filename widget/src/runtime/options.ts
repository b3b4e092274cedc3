// Public options of the widget, their defaults, and how the script tag's data attributes map
// onto them. The loader and the ESM entry share this one definition.
import type { AutoBreadcrumbKinds } from '../capture/auto-breadcrumbs.ts';
import type { ReportInput } from '../core/types.ts';

export type Severity = 'info' | 'warning' | 'danger';
export type Theme = 'light' | 'dark' | 'auto';

/** Who the player is, as the game knows it (`setUser`, `user`, `data-user-*`); see docs/widget.md#the-player. */
export interface GlitchboxUser {
  /** The game's own player id: sent as the `player_id` custom field. */
  id?: string | number;
  /** Prefills the form's contact email; sent as the credential's email claim unless the player clears it. */
  email?: string;
  /** The player's name in the game: sent as the `player_name` custom field. */
  name?: string;
  /** A Discord user id (digits): the credential's Discord claim when no email goes with the report. */
  discordId?: string;
}

export interface ReplayOptions {
  /** Seconds of canvas video kept in memory (default 30). */
  seconds?: number;
  /** Frames per second recorded (default 15). */
  fps?: number;
  /** Encoder bitrate in bits per second (default 1.5 Mbit/s). */
  bitrate?: number;
}

export interface GlitchboxOptions {
  /** Project id, `pr-…`. */
  projectId: string;
  /** Project token, `tkn-…` (needs can_create_bug_report). */
  token: string;
  /** Base URL of the Game Feedback Service. */
  endpoint: string;
  /** Key that opens the reporter: `F8` (default), `Ctrl+Shift+B`, … ; false disables it. */
  hotkey?: string | false;
  /** Gamepad buttons held together to open (standard mapping); default [8, 9] (View + Menu). */
  gamepadChord?: number[] | false;
  /** Release label sent with every report. */
  release?: string;
  /**
   * The game canvas: a selector, the element, or a function; by default the canvas the game draws
   * into (see docs/widget.md#how-the-default-canvas-is-chosen).
   */
  canvas?: string | HTMLCanvasElement | (() => HTMLCanvasElement | null);
  /** UI locale (en, de, fr, ja, ar); default the browser's language. */
  locale?: string;
  theme?: Theme;
  /** Shows a small plain-DOM button that opens the reporter. */
  launcher?: boolean;
  /** Nonce for the fallback <style> element where constructable stylesheets are missing. */
  styleNonce?: string;
  /** Selector of DOM HUD elements painted over the canvas frame (html2canvas, loaded on demand). */
  hud?: string;
  /** Forces preserveDrawingBuffer on WebGL contexts created after the loader (costs a little GPU time). */
  preserveDrawingBuffer?: boolean;
  /** Records console output (default true). */
  captureConsole?: boolean;
  /** Console entries kept (default 1000; also capped at 512 KB of text). */
  maxLogEntries?: number;
  /** Breadcrumbs kept (default 500; the debug trace is cut to 128 KB when sent). */
  maxBreadcrumbs?: number;
  /**
   * Automatic breadcrumbs (default all on): clicks and taps, fetch and XHR calls, navigation and visibility.
   * false turns them all off, `{ network: false }` one kind (see docs/widget.md#automatic-breadcrumbs).
   */
  autoBreadcrumbs?: boolean | AutoBreadcrumbKinds;
  /** Sends uncaught errors and unhandled rejections as `raw` issues by themselves (default false). */
  reportErrors?: boolean;
  /** Extra custom field values read from the game when a report is made. */
  customFields?: () => Record<string, unknown> | Promise<Record<string, unknown>>;
  /** Last chance to redact or drop a report (return null to drop it). */
  beforeSend?: (report: ReportInput) => ReportInput | null | undefined | Promise<ReportInput | null | undefined>;
  /** Keeps the last seconds of the canvas as a video clip (off by default). */
  replay?: boolean | ReplayOptions;
  /** Playtime session tags; false turns playtime sessions off (default on). */
  playtime?: false | { tags?: Record<string, string> };
  /**
   * Sentences a player picks instead of typing (a gamepad cannot type): the game's list, `|`-separated in
   * `data-description-presets`; default the locale's; false or "off" hides them (docs/widget.md#preset-descriptions).
   */
  descriptionPresets?: string[] | string | false;
  /** Shows the optional contact email field (default true). */
  askEmail?: boolean;
  /** The player, as `setUser` sets it later. */
  user?: GlitchboxUser;
  /**
   * "Already reported?": matching reports shown while the player types (see docs/widget.md#already-reported).
   * Default: on for suggestions, and for bugs where the token may search issues; false turns it off.
   */
  suggestMatches?: boolean;
  /** Service worker that delivers queued reports while the page is closed (see the core docs). */
  serviceWorkerUrl?: string;
  /** Pauses a game that pauses itself when the page is hidden or loses focus: while the reporter is open the
   * game sees the page hidden (visibilitychange) and the window blurred; on close visible and focused again. */
  pauseGame?: boolean;
}

export interface ResolvedOptions extends GlitchboxOptions {
  hotkey: string | false;
  gamepadChord: number[] | false;
  theme: Theme;
  locale: string;
  captureConsole: boolean;
  maxLogEntries: number;
  maxBreadcrumbs: number;
  reportErrors: boolean;
  askEmail: boolean;
}

export function resolveOptions(o: GlitchboxOptions): ResolvedOptions {
  if (!o?.projectId || !o.token || !o.endpoint)
    throw new TypeError('Glitchbox: projectId, token and endpoint are required');
  return {
    ...o,
    endpoint: o.endpoint.replace(/\/+$/, ''),
    hotkey: o.hotkey === undefined ? 'F8' : o.hotkey,
    gamepadChord: o.gamepadChord === undefined ? [8, 9] : o.gamepadChord,
    theme: o.theme ?? 'auto',
    locale: o.locale ?? (typeof navigator === 'object' ? navigator.language : 'en'),
    captureConsole: o.captureConsole ?? true,
    maxLogEntries: o.maxLogEntries ?? 1000,
    maxBreadcrumbs: o.maxBreadcrumbs ?? 500,
    reportErrors: o.reportErrors ?? false,
    askEmail: o.askEmail ?? true,
  };
}

const flag = (v: string | undefined) => v !== undefined && v !== 'false' && v !== '0' && v !== 'off';
// Data attributes read as they are, and on/off ones. Loops, so that one option more costs the loader its name only.
const SAME_NAMED = ['release', 'canvas', 'locale', 'theme', 'styleNonce', 'hud', 'descriptionPresets'] as const;
const ON_OFF = [
  'launcher',
  'preserveDrawingBuffer',
  'reportErrors',
  'captureConsole',
  'askEmail',
  'suggestMatches',
] as const;

/**
 * Options from a script tag: data-project, data-token, data-endpoint, data-hotkey, data-release, data-canvas,
 * data-locale, …
 */
export function readDataOptions(d: DOMStringMap): GlitchboxOptions {
  // A relative data-endpoint ("/") means the server the page came from.
  const o: GlitchboxOptions = {
    projectId: d.project ?? '',
    token: d.token ?? '',
    endpoint: d.endpoint ? new URL(d.endpoint, globalThis.location?.href).href : '',
  };
  if (d.hotkey) o.hotkey = d.hotkey === 'none' ? false : d.hotkey;
  if (d.gamepadChord) o.gamepadChord = d.gamepadChord === 'none' ? false : d.gamepadChord.split(/[+,\s]+/).map(Number);
  for (const k of SAME_NAMED) if (d[k]) o[k] = d[k] as never; // strings as they are (theme unchecked, as before)
  for (const k of ON_OFF) if (d[k]) o[k] = flag(d[k]);
  // "off", or the kinds kept: "clicks,navigation".
  if (d.autoBreadcrumbs)
    o.autoBreadcrumbs = flag(d.autoBreadcrumbs) && {
      clicks: d.autoBreadcrumbs.includes('clicks'),
      network: d.autoBreadcrumbs.includes('network'),
      navigation: d.autoBreadcrumbs.includes('navigation'),
    };
  if (d.replay) o.replay = /^\d+$/.test(d.replay) ? { seconds: Number(d.replay) } : flag(d.replay);
  if (d.playtime === 'false' || d.playtime === 'off') o.playtime = false;
  else if (d.playtimeTags)
    o.playtime = {
      tags: Object.fromEntries(
        d.playtimeTags.split(',').map((p) => p.split('=').map((s) => s.trim()) as [string, string]),
      ),
    };
  if (d.serviceWorker) o.serviceWorkerUrl = d.serviceWorker;
  if (d.userId || d.userEmail || d.userName || d.userDiscordId)
    o.user = { id: d.userId, email: d.userEmail, name: d.userName, discordId: d.userDiscordId };
  if (d.pause) o.pauseGame = flag(d.pause);
  return o;
}
