import polyglotI18nProvider from 'ra-i18n-polyglot';
import { englishArchiveMessages } from './en.js';

/**
 * The admin speaks English only; react-admin's polyglot provider gives every screen `translate`
 * with interpolation and plurals. Missing keys fall back to the text itself, so a server's own
 * message passed through translate is shown as it came.
 */
export const i18nProvider = polyglotI18nProvider(() => englishArchiveMessages, 'en', [{ locale: 'en', name: 'English' }], {
  allowMissing: true,
});

/** translate() outside React: for pure helpers and their unit tests. */
export const translate = (key: string, options?: Record<string, unknown>): string => i18nProvider.translate(key, options);
