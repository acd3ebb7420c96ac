import { type TRouteLocale, toI18nLocale } from '@/domain/locale';
import type { TTranslatable } from '@/domain/translatable';
import { addDictionary, dictionaryRevision } from './dictionaries';
import en from './en';
import type { Locales, TranslationFunctions, Translations } from './i18n-types';
import { i18nObject, loadedLocales } from './i18n-util';

// What shows both languages brings English with it (Khmer is always there): src/i18n/dictionaries.ts.
addDictionary('en', en as unknown as Translations);

const books = new Map<Locales, { source: Translations; revision: number; LL: TranslationFunctions }>();

/**
 * The translation functions of one locale, rebuilt when the admin's overrides replaced its
 * dictionary, and when the signed-in sections (matching, service...) were laid over it: made before,
 * they would keep those sections empty (a matching's or a service's paper had no title nor labels).
 */
const book = (locale: Locales): TranslationFunctions => {
  const source = loadedLocales[locale];
  const revision = dictionaryRevision();
  const cached = books.get(locale);
  if (cached && cached.source === source && cached.revision === revision) return cached.LL;
  const LL = i18nObject(locale);
  books.set(locale, { source, revision, LL });
  return LL;
};

/** The translation functions of a route locale, whatever the interface language. */
export const translationsOf = (locale: TRouteLocale): TranslationFunctions => book(toI18nLocale(locale));

/**
 * One dictionary lookup in both languages, whatever the interface language: the palette finds a
 * command by its Khmer or its English words, and remembers titles in both.
 */
export const bothLanguages = (pick: (LL: TranslationFunctions) => string): TTranslatable => ({
  kh: pick(translationsOf('kh')),
  en: pick(translationsOf('en')),
});
