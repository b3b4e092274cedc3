// The script-tag build (IIFE): reads data attributes from its own <script> and initialises;
// lazy parts are ES modules next to it, imported by URL relative to this script's src.
import { chunkAt } from './runtime/chunks.ts';
import { readDataOptions } from './runtime/options.ts';
import { createPublicApi } from './runtime/public-api.ts';

const script = document.currentScript as HTMLScriptElement | null;
const base = new URL('./esm/', script?.src || location.href);
const load = <T>(name: string) => chunkAt<T>(new URL(name, base).href);

const api = createPublicApi({
  ui: load('ui.js'),
  reporter: load('reporter.js'),
  domCapture: load('dom-capture.js'),
  replay: load('replay.js'),
});
(window as unknown as { Glitchbox: typeof api }).Glitchbox = api;
if (script?.dataset.project) {
  try {
    api.init(readDataOptions(script.dataset));
  } catch (e) {
    console.warn(String(e));
  }
}
