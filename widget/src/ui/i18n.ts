// Locale choice and string lookup: en (built in), de, fr, ja and ar (right-to-left) as lazy
// chunks, so a player downloads one table. English fills gaps. Preact inserts text, never HTML.
import { en, type Strings } from './locales/en.ts';

const LOADERS: Record<string, () => Promise<Partial<Strings>>> = {
  de: () => import('./locales/de.ts').then((m) => m.de),
  fr: () => import('./locales/fr.ts').then((m) => m.fr),
  ja: () => import('./locales/ja.ts').then((m) => m.ja),
  ar: () => import('./locales/ar.ts').then((m) => m.ar),
};
const loaded: Record<string, Partial<Strings>> = { en };
const RTL = new Set(['ar', 'he', 'fa', 'ur']);

export type Translate = (key: keyof Strings, vars?: Record<string, string | number>) => string;

function pickLocale(wanted: string): string {
  const base = wanted.toLowerCase().split(/[-_]/)[0];
  return base === 'en' || LOADERS[base] ? base : 'en';
}

/** Loads the locale's table (before the overlay first renders); English when it cannot be loaded. */
export async function loadLocale(wanted: string): Promise<void> {
  const lang = pickLocale(wanted);
  if (loaded[lang]) return;
  try {
    loaded[lang] = await LOADERS[lang]();
  } catch {
    /* offline and never loaded: English */
  }
}

export function createTranslate(locale: string): { t: Translate; lang: string; dir: 'ltr' | 'rtl' } {
  const wanted = pickLocale(locale);
  const lang = loaded[wanted] ? wanted : 'en';
  const table = loaded[lang];
  const t: Translate = (key, vars) => (table[key] ?? en[key]).replace(/\{(\w+)\}/g, (_m, k) => String(vars?.[k] ?? ''));
  return { t, lang, dir: RTL.has(lang) ? 'rtl' : 'ltr' };
}
