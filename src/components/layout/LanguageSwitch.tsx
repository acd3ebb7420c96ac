import { Link, useLocation } from 'react-router';
import { focusRing } from '@/components/ui';
import { isoLocale, routeLocales, type TRouteLocale } from '@/domain/locale';
import { useI18nContext } from '@/i18n/i18n-react';
import { switchLocalePath } from '@/platform/localePath';
import { useRouteLocale } from '@/platform/useRouteLocale';

/** Real links to the same page in each language (spec section 2); the route's locale sets the cookie. */
export const LanguageSwitch = () => {
  const { LL } = useI18nContext();
  const location = useLocation();
  const current = useRouteLocale();
  const names: Record<TRouteLocale, string> = { kh: LL.layout.languageKh(), en: LL.layout.languageEn() };
  return (
    <nav
      aria-label={LL.layout.language()}
      className="flex items-center rounded-md border border-slate-200 p-0.5 dark:border-slate-700"
    >
      {routeLocales.map((locale) => {
        const active = locale === current;
        return (
          <Link
            key={locale}
            to={switchLocalePath(location, locale)}
            lang={isoLocale(locale)}
            hrefLang={isoLocale(locale)}
            aria-current={active ? 'true' : undefined}
            className={`rounded px-2 py-0.5 text-[0.8rem] font-semibold ${focusRing} ${
              active
                ? 'bg-primary-700 text-white dark:bg-primary-500'
                : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
            }`}
          >
            {names[locale]}
          </Link>
        );
      })}
    </nav>
  );
};
