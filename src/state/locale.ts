import { atom, getDefaultStore } from 'jotai';
import type { TRouteLocale } from '@/domain/locale';
import { localeFromPathname } from '@/platform/localePath';

/** The locale of the current route (kh/en). The API client's `locale` header reads it. */
export const routeLocaleAtom = atom<TRouteLocale>(
  typeof window === 'undefined' ? 'kh' : localeFromPathname(window.location.pathname),
);

export const currentRouteLocale = (): TRouteLocale => getDefaultStore().get(routeLocaleAtom);

/** Goes up when an administrator saves translation overrides: the shown dictionary reloads them. */
export const localizationsVersionAtom = atom(0);
