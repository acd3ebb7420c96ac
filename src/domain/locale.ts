/**
 * The one place where the two locale code systems meet.
 * Routes, the `locale` cookie and the `locale` API header use `kh`/`en`;
 * typesafe-i18n and `Intl` use `km`/`en`.
 */
export const routeLocales = ['kh', 'en'] as const;
export type TRouteLocale = (typeof routeLocales)[number];
export type TI18nLocale = 'km' | 'en';

export const defaultRouteLocale: TRouteLocale = 'kh';
export const fallbackRouteLocale: TRouteLocale = 'en';
export const localeCookieName = 'locale';
export const localeCookieMaxAgeDays = 365;

const toI18n: Record<TRouteLocale, TI18nLocale> = { kh: 'km', en: 'en' };
const fromI18n: Record<TI18nLocale, TRouteLocale> = { km: 'kh', en: 'en' };
/** ISO codes of spec section 9, used for `<html lang>` and `Intl`. */
const isoCodes: Record<TRouteLocale, string> = { kh: 'km', en: 'en-GB' };

export const isRouteLocale = (value: unknown): value is TRouteLocale =>
  typeof value === 'string' && (routeLocales as readonly string[]).includes(value);

export const toI18nLocale = (locale: TRouteLocale): TI18nLocale => toI18n[locale];
export const fromI18nLocale = (locale: TI18nLocale): TRouteLocale => fromI18n[locale];
export const isoLocale = (locale: TRouteLocale): string => isoCodes[locale];

/** Reads a header/cookie value; anything unknown means the default (Khmer). */
export const parseRouteLocale = (value: unknown): TRouteLocale =>
  isRouteLocale(value) ? value : defaultRouteLocale;
