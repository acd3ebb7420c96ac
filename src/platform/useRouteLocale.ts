import { useLocation } from 'react-router';
import type { TRouteLocale } from '@/domain/locale';
import { localeFromPathname, localizedPath } from './localePath';

/** The locale of the current route (unprefixed = kh). */
export const useRouteLocale = (): TRouteLocale => localeFromPathname(useLocation().pathname);

/** Builds `/{locale}{path}` for links of the current locale. */
export const useLocalizedPath = (): ((path: string) => string) => {
  const locale = useRouteLocale();
  return (path: string) => localizedPath(locale, path);
};
