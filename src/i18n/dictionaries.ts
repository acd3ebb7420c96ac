import { initFormatters } from './formatters';
import type { Locales, Translations } from './i18n-types';
import { loadedFormatters, loadedLocales } from './i18n-util';
import km from './km';

/**
 * The dictionaries as shipped, before the admin's overrides. Khmer comes with the first download;
 * English loads the first time it is shown (issue 11: the sign-in page carried both). A page that
 * shows both languages at once imports src/i18n/bothLanguages.ts, which adds English as it loads.
 */
const shipped: Partial<Record<Locales, Translations>> = {};

/** Makes a shipped dictionary available to the translation functions, once. */
export const addDictionary = (locale: Locales, dictionary: Translations): void => {
  if (shipped[locale]) return;
  shipped[locale] = dictionary;
  loadedLocales[locale] = dictionary;
  loadedFormatters[locale] = initFormatters(locale);
};

addDictionary('km', km as unknown as Translations);

/** A dictionary as shipped, when it has loaded. */
export const shippedDictionary = (locale: Locales): Translations | undefined => shipped[locale];

/** Loads a locale's dictionary if it has not loaded yet. */
export const loadDictionary = async (locale: Locales): Promise<void> => {
  if (shipped[locale]) return;
  // Khmer was added when this module loaded; only English can be missing.
  addDictionary(locale, (await import('./en')).default as unknown as Translations);
};
