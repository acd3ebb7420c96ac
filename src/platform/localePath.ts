import { defaultRouteLocale, isRouteLocale, type TRouteLocale } from '@/domain/locale';

/**
 * Locale prefixes of the route strategy 'prefix and default' (spec section 9): every route exists
 * unprefixed (Khmer), under /kh and under /en. Pure helpers, unit-tested.
 */
export const localeFromPathname = (pathname: string): TRouteLocale => {
  const first = pathname.split('/')[1];
  return isRouteLocale(first) ? first : defaultRouteLocale;
};

/** The path without its locale prefix, always starting with '/'. */
export const stripLocalePrefix = (pathname: string): string => {
  const first = pathname.split('/')[1];
  if (!isRouteLocale(first)) return pathname || '/';
  const rest = pathname.slice(first.length + 1);
  return rest === '' ? '/' : rest;
};

/** `/{locale}{path}`; the home of a locale is `/{locale}` (no trailing slash). */
export const localizedPath = (locale: TRouteLocale, path: string): string => {
  const clean = path.startsWith('/') ? path : `/${path}`;
  return clean === '/' ? `/${locale}` : `/${locale}${clean}`;
};

/** The three forms of one route table path: unprefixed, /kh and /en. */
export const localizedRoutePaths = (path: string): string[] => [
  path,
  localizedPath('kh', path),
  localizedPath('en', path),
];

/** The same page in another locale, keeping the query and hash (the language switch). */
export const switchLocalePath = (
  location: { pathname: string; search?: string; hash?: string },
  target: TRouteLocale,
): string =>
  `${localizedPath(target, stripLocalePrefix(location.pathname))}${location.search ?? ''}${location.hash ?? ''}`;

export const otherLocale = (locale: TRouteLocale): TRouteLocale => (locale === 'kh' ? 'en' : 'kh');
