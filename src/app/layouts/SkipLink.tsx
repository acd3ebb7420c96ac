import { useI18nContext } from '@/i18n/i18n-react';

/** First tab stop of every page: jumps over the top bar and sidebar to the main area. */
export const SkipLink = () => {
  const { LL } = useI18nContext();
  return (
    <a
      href="#main"
      className="-translate-y-16 fixed top-2 left-2 z-[90] rounded-md bg-primary-700 px-4 py-2 font-semibold text-sm text-white shadow-lg transition-transform focus:translate-y-0"
    >
      {LL.app.skipToContent()}
    </a>
  );
};
