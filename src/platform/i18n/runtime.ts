import { type TRouteLocale, toI18nLocale } from '@/domain/locale';
import { loadDictionary, shippedDictionary } from '@/i18n/dictionaries';
import type { Locales, TranslationFunctions } from '@/i18n/i18n-types';
import { i18nObject, loadedLocales } from '@/i18n/i18n-util';
import { fetchLocalizations } from '@/platform/api/setup';
import { currentRouteLocale } from '@/state/locale';
import { applyOverrides } from './overrides';

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
  const [overrides] = await Promise.all([fetchLocalizations(locale), loadDictionary(i18nLocale)]);
  const pristine = shippedDictionary(i18nLocale);
  if (!pristine) return false;
  const wasOverridden = loadedLocales[i18nLocale] !== pristine;
  if (overrides.length === 0 && !wasOverridden) return false;
  loadedLocales[i18nLocale] = overrides.length === 0 ? pristine : applyOverrides(pristine, overrides);
  return true;
};

/** After an administrator saved a language: every locale reloads its overrides when next shown. */
export const forgetLocaleOverrides = (): void => overridesRequested.clear();

/**
 * Translations for code outside React (the session's error texts); Khmer while the route's
 * dictionary is still loading.
 */
export const translateNow = (): TranslationFunctions => {
  const locale = toI18nLocale(currentRouteLocale());
  return i18nObject(shippedDictionary(locale) ? locale : 'km');
};

/** Loads the route's dictionary before the first render: the first paint is in its language. */
export const loadRouteDictionary = (locale: TRouteLocale): Promise<void> =>
  loadDictionary(toI18nLocale(locale));

/** The Khmer page title (spec section 1: `<title>` stays in Khmer). */
export const khmerPageTitle = (): string => loadedLocales.km.app.pageTitle;
