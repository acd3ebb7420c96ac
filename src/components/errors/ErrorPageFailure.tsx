import { localeFromPathname, localizedPath } from '@/app/localePath';
import en from '@/i18n/en';
import km from '@/i18n/km';

/**
 * Shown when the error page itself fails (spec section 8). It depends on nothing that could have
 * failed: no i18n context, no router, a plain link home.
 */
export const ErrorPageFailure = () => {
  const locale = localeFromPathname(window.location.pathname);
  const texts = locale === 'en' ? en.errors : km.errors;
  return (
    <div role="alert" className="mx-auto max-w-xl px-6 py-16 text-center">
      <p className="font-semibold text-lg text-slate-900 dark:text-slate-50">{texts.errorPageFailed}</p>
      <a
        href={localizedPath(locale, '/')}
        className="mt-6 inline-block rounded-md bg-primary-700 px-4 py-2 font-semibold text-sm text-white"
      >
        {texts.homepage}
      </a>
    </div>
  );
};
