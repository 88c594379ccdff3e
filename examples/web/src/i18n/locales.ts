// Which language the page starts in, and the catalogs loaded on demand: small enough for the page's first
// script, which starts fetching the catalog while the rest of the page downloads.

/** The languages offered, English first. Adding one: a catalog in messages/, a line here and in `loaders`. */
export const LOCALES = ['en', 'es', 'pt-BR'] as const;
export type Locale = (typeof LOCALES)[number];
export type Catalog = Record<string, string>;

export const STORAGE_KEY = 'perudo.locale';

// English is bundled with the page (it is also every other catalog's fallback); the others are lazy chunks.
const loaders: Record<Exclude<Locale, 'en'>, () => Promise<Catalog>> = {
  es: () => import('./messages/es.json').then((m) => m.default),
  'pt-BR': () => import('./messages/pt-BR.json').then((m) => m.default),
};

export function loadCatalog(locale: Exclude<Locale, 'en'>): Promise<Catalog> {
  return loaders[locale]();
}

/** The best offered locale for a list of language tags ("pt" reads Brazilian Portuguese, "es-AR" Spanish). */
export function pickLocale(wanted: readonly string[]): Locale {
  for (const tag of wanted) {
    const exact = LOCALES.find((l) => l.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const language = tag.split('-')[0]!.toLowerCase();
    const near = LOCALES.find((l) => l.split('-')[0]!.toLowerCase() === language);
    if (near) return near;
  }
  return 'en';
}

/** The person's last choice, else the browser's languages. */
export function startingLocale(): Locale {
  const value = localStorage.getItem(STORAGE_KEY);
  if ((LOCALES as readonly string[]).includes(value ?? '')) return value as Locale;
  return pickLocale(navigator.languages ?? [navigator.language]);
}
