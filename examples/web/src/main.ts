// The page's first script, kept small: it starts the chosen language's catalog downloading, then the rest of
// the page (app.ts, which the HTML preloads). The lobby's data is already being asked for by the HTML.
import './style.css';
import { loadCatalog, startingLocale } from './i18n/locales';

const locale = startingLocale();
// The same import i18n makes later: the browser fetches the chunk once.
if (locale !== 'en') loadCatalog(locale).catch(() => {});
void import('./app');
