import { toI18nLocale } from '@/domain/locale';
import { shippedDictionary } from '@/i18n/dictionaries';
import km from '@/i18n/km';
import { localeFromPathname, localizedPath } from '@/platform/localePath';

/**
 * Shown when the error page itself fails (spec section 8). It depends on nothing that could have
 * failed: no i18n context, no router, a plain link home.
 */
export const ErrorPageFailure = () => {
  const locale = localeFromPathname(window.location.pathname);
  // The shipped words of the page's language (Khmer while English has not loaded), not the admin's overrides.
  const texts = (shippedDictionary(toI18nLocale(locale)) ?? km).errors;
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
