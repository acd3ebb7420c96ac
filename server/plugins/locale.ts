import type { FastifyRequest } from 'fastify';
import { isRouteLocale, type TRouteLocale, toI18nLocale } from '../../src/domain/locale';
import type { TranslationFunctions } from '../../src/i18n/i18n-types';
import { i18nObject } from '../../src/i18n/i18n-util';
import { loadAllLocales } from '../../src/i18n/i18n-util.sync';

loadAllLocales();

/** Both dictionaries (the server's own texts, e.g. route summaries, use the English one). */
export const translators: Record<TRouteLocale, TranslationFunctions> = {
  kh: i18nObject(toI18nLocale('kh')),
  en: i18nObject(toI18nLocale('en')),
};

/**
 * The request's `locale` header (`kh` or `en`). Without it (or with another value) the API answers
 * in English, the spec's fallback language (docs/decisions.md).
 */
export const requestLocale = (request: FastifyRequest): TRouteLocale => {
  const header = request.headers.locale;
  const value = Array.isArray(header) ? header[0] : header;
  return isRouteLocale(value) ? value : 'en';
};

/** Server messages in the request's locale. */
export const translator = (request: FastifyRequest): TranslationFunctions =>
  translators[requestLocale(request)];
