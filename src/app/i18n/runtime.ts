import { fetchLocalizations } from '@/api/setup';
import { type TRouteLocale, toI18nLocale } from '@/domain/locale';
import type { Locales, TranslationFunctions, Translations } from '@/i18n/i18n-types';
import { i18nObject, loadedLocales } from '@/i18n/i18n-util';
import { loadAllLocales } from '@/i18n/i18n-util.sync';
import { currentRouteLocale } from '@/state/locale';
import { applyOverrides } from './overrides';

// Both dictionaries are small: bundle them, so the first paint is already in the right language.
loadAllLocales();
const pristine: Record<Locales, Translations> = { km: loadedLocales.km, en: loadedLocales.en };

const overridesRequested = new Set<Locales>();

/**
 * Loads the admin's overrides of one locale once (lazily, when the locale is first shown) and lays
 * them over the bundled dictionary. Resolves true when the dictionary changed. Failure only logged.
 */
export const loadLocaleOverrides = async (locale: TRouteLocale, again = false): Promise<boolean> => {
  const i18nLocale = toI18nLocale(locale);
  if (again) overridesRequested.delete(i18nLocale);
  if (overridesRequested.has(i18nLocale)) return false;
  overridesRequested.add(i18nLocale);
  const overrides = await fetchLocalizations(locale);
  const wasOverridden = loadedLocales[i18nLocale] !== pristine[i18nLocale];
  if (overrides.length === 0 && !wasOverridden) return false;
  loadedLocales[i18nLocale] =
    overrides.length === 0 ? pristine[i18nLocale] : applyOverrides(pristine[i18nLocale], overrides);
  return true;
};

/** After an administrator saved a language: every locale reloads its overrides when next shown. */
export const forgetLocaleOverrides = (): void => overridesRequested.clear();

/** Translations for code outside React (the session's error texts). */
export const translateNow = (): TranslationFunctions => i18nObject(toI18nLocale(currentRouteLocale()));

/** The Khmer page title (spec section 1: `<title>` stays in Khmer). */
export const khmerPageTitle = (): string => loadedLocales.km.app.pageTitle;
