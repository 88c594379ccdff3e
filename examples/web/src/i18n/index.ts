// The page's languages: English (bundled, the fallback) and the others loaded when chosen. The locale comes from
// what the person chose last (localStorage), else from the browser's languages; every string a person reads is
// a message of the catalogs (ICU MessageFormat through FormatJS), numbers and times through Intl.
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { loadCatalog, STORAGE_KEY, startingLocale, type Locale } from './locales';
import en from './messages/en.json';

export { LOCALES, pickLocale, type Locale } from './locales';
export type MessageKey = keyof typeof en;
type Values = Record<string, string | number | boolean | null | undefined>;

const cache = createIntlCache();
let intl: IntlShape<string> = make('en', en);
const listeners = new Set<() => void>();

function make(locale: Locale, messages: Record<string, string>): IntlShape<string> {
  return createIntl({ locale, defaultLocale: 'en', messages, onError: (e) => console.error(e) }, cache);
}

export function currentLocale(): Locale {
  return intl.locale as Locale;
}

async function apply(locale: Locale): Promise<void> {
  intl = make(locale, locale === 'en' ? en : { ...en, ...(await loadCatalog(locale)) });
  document.documentElement.lang = locale;
  document.title = t('app.title');
  // Text drawn by CSS (the away badge) reads its words from here.
  document.documentElement.style.setProperty('--away-label', JSON.stringify(t('presence.awayBadge')));
}

/** Before the first render: the remembered choice, else the browser's languages. */
export function initI18n(): Promise<void> {
  return apply(startingLocale());
}

/** The switcher's choice: remembered, applied, and every view told to render again. */
export async function setLocale(locale: Locale): Promise<void> {
  localStorage.setItem(STORAGE_KEY, locale);
  await apply(locale);
  for (const listener of listeners) listener();
}

export function onLocaleChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A message of the catalog, formatted for the current locale. */
export function t(key: MessageKey, values?: Values): string {
  return intl.formatMessage({ id: key }, values);
}

/** Whether the catalog has a message (keys built from API codes). */
export function has(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(en, key);
}

/** A language's own name for itself, for the switcher: "Español", "Português (Brasil)". */
export function languageName(locale: Locale): string {
  const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

export function formatNumber(n: number, options?: Intl.NumberFormatOptions): string {
  return intl.formatNumber(n, options);
}

/** A list as the language writes it: "2, 3 and 5", "2, 3 y 5", "2, 3 e 5". */
export function formatList(items: readonly string[]): string {
  return new Intl.ListFormat(intl.locale, { type: 'conjunction' }).format(items);
}

/** How long ago an instant was, in the largest unit that fits: "3 minutes ago", "hace 3 minutos". */
export function formatAgo(iso: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  const rtf = new Intl.RelativeTimeFormat(intl.locale, { numeric: 'auto' });
  for (const [unit, size] of units)
    if (Math.abs(seconds) >= size) return rtf.format(Math.round(seconds / size), unit);
  return rtf.format(0, 'second');
}

export function formatDate(iso: string): string {
  return intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
}
