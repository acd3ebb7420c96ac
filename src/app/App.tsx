import { RouterProvider } from 'react-router';
import { toI18nLocale } from '@/domain/locale';
import { shippedDictionary } from '@/i18n/dictionaries';
import TypesafeI18n from '@/i18n/i18n-react';
import { setUnauthorizedHandler } from '@/platform/api/client';
import { loginPath } from '@/platform/guards';
import { currentRouteLocale } from '@/state/locale';
import '@/platform/i18n/runtime';
import { localeFromPathname, stripLocalePrefix } from '@/platform/localePath';
import { endSessionAfterUnauthorized } from '@/platform/session';
import { router } from './router';

// A 401 from any call: clear the auth cookies and open /{locale}/login, back here after sign-in.
setUnauthorizedHandler(() => {
  endSessionAfterUnauthorized();
  const { pathname, search } = router.state.location;
  if (stripLocalePrefix(pathname) === '/login') return;
  void router.navigate(loginPath(currentRouteLocale(), `${pathname}${search}`), { replace: true });
});

/** The route's language when its dictionary is there (src/main.tsx waits for it), else Khmer. */
const firstLocale = () => {
  const locale = toI18nLocale(localeFromPathname(window.location.pathname));
  return shippedDictionary(locale) ? locale : 'km';
};

export const App = () => (
  <TypesafeI18n locale={firstLocale()}>
    <RouterProvider router={router} />
  </TypesafeI18n>
);
