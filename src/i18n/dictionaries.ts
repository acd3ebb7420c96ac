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

type TLaterWords = Partial<Record<Locales, Record<string, unknown>>>;
/**
 * The sections shipped apart once loaded (src/i18n/signedInSections.ts), by locale: the signed-in
 * ones, then the other screens'.
 */
const later: { signedIn: TLaterWords | null; screens: TLaterWords | null } = {
  signedIn: null,
  screens: null,
};

/**
 * Counts the times words were laid over a dictionary in place. A translation object copies its
 * dictionary's sections when it is made (typesafe-i18n's `i18nObject`), so one made before keeps
 * the empty sections: whoever keeps such objects makes them again when this changes.
 */
let revision = 0;
export const dictionaryRevision = (): number => revision;

/** Lays the sections loaded apart over a dictionary (and over its overridden copy, if any). */
const withSignedInWords = (locale: Locales) => {
  for (const words of [later.signedIn?.[locale], later.screens?.[locale]]) layOver(locale, words);
};

const layOver = (locale: Locales, words: Record<string, unknown> | undefined) => {
  const dictionary = shipped[locale];
  if (!words || !dictionary) return;
  revision += 1;
  Object.assign(dictionary, words);
  const live = loadedLocales[locale];
  if (live && live !== dictionary) {
    // An overridden copy keeps its overrides of these sections; the rest comes from the shipped words.
    for (const [name, section] of Object.entries(words)) {
      const current = (live as Record<string, unknown>)[name];
      const filled = current && typeof current === 'object' && Object.keys(current).length > 0;
      if (!filled) (live as Record<string, unknown>)[name] = section;
    }
  }
};

/**
 * Loads the sections only signed-in screens use (the client build ships them apart: the sign-in
 * page's budget). Resolves true when they were new, so the caller rebuilds the translations.
 */
export const loadSignedInWords = async (): Promise<boolean> => {
  if (later.signedIn) return false;
  later.signedIn = (await import('./signedInWords')).default;
  for (const locale of Object.keys(shipped) as Locales[]) layOver(locale, later.signedIn[locale]);
  return true;
};

/**
 * Loads the sections of the screens other than the home page (shipped apart: the home page's
 * budget). Resolves true when they were new, so the caller rebuilds the translations.
 */
export const loadScreenWords = async (): Promise<boolean> => {
  if (later.screens) return false;
  later.screens = (await import('./screenWords')).default;
  for (const locale of Object.keys(shipped) as Locales[]) layOver(locale, later.screens[locale]);
  return true;
};

/** Makes a shipped dictionary available to the translation functions, once. */
export const addDictionary = (locale: Locales, dictionary: Translations): void => {
  if (shipped[locale]) return;
  shipped[locale] = dictionary;
  loadedLocales[locale] = dictionary;
  loadedFormatters[locale] = initFormatters(locale);
  withSignedInWords(locale);
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
