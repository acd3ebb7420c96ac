import { useAtomValue, useSetAtom } from 'jotai';
import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { NavigationProgress } from '@/components/layout/NavigationProgress';
import { PaletteLauncher } from '@/components/palette/PaletteLauncher';
import { isoLocale, localeCookieMaxAgeDays, localeCookieName, toI18nLocale } from '@/domain/locale';
import { loadDictionary, shippedDictionary } from '@/i18n/dictionaries';
import { useI18nContext } from '@/i18n/i18n-react';
import { browserReloadGuardDeps, importWithReloadGuard } from '@/platform/chunkReload';
import { writeCookie } from '@/platform/cookies';
import { khmerPageTitle, loadLocaleOverrides } from '@/platform/i18n/runtime';
import { localeFromPathname } from '@/platform/localePath';
import { useSession } from '@/platform/session';
import { applyDarkMode } from '@/platform/theme';
import { awaitingWords, laterWordsAtom } from '@/state/laterWords';
import { currentRouteLocale, localizationsVersionAtom, routeLocaleAtom } from '@/state/locale';
import { darkModeAtom, paletteOpenAtom, shortcutsOpenAtom } from '@/state/ui';

/**
 * The route decides the language: the locale cookie (365 days), `<html lang>`, the dictionary and
 * the `locale` header all follow it. The admin's overrides for a locale load the first time it shows.
 */
const LocaleSync = () => {
  const { pathname } = useLocation();
  const locale = localeFromPathname(pathname);
  const { locale: i18nLocale, setLocale } = useI18nContext();
  const setRouteLocale = useSetAtom(routeLocaleAtom);
  const localizationsVersion = useAtomValue(localizationsVersionAtom);
  // The words only signed-in screens use load with the signed-in frame (src/app/useLaterWords.ts).

  useLayoutEffect(() => {
    const wanted = toI18nLocale(locale);
    if (i18nLocale === wanted) return;
    // The other language's dictionary may still have to load (src/i18n/dictionaries.ts).
    if (shippedDictionary(wanted)) setLocale(wanted);
    else
      void loadDictionary(wanted).then(
        () => {
          if (toI18nLocale(currentRouteLocale()) === wanted) setLocale(wanted);
        },
        // Offline or a new release: the page stays in the language it has, the next visit tries again.
        (error: unknown) => console.error('[i18n] the dictionary did not load', error),
      );
  }, [locale, i18nLocale, setLocale]);

  useLayoutEffect(() => {
    setRouteLocale(locale);
    writeCookie(localeCookieName, locale, new Date(Date.now() + localeCookieMaxAgeDays * 86_400_000));
    document.documentElement.lang = isoLocale(locale);
    void loadLocaleOverrides(locale, localizationsVersion > 0).then((changed) => {
      if (!changed) return;
      if (locale === 'kh') document.title = khmerPageTitle();
      // Rebuild the translation functions over the extended dictionary, if still on that locale.
      if (currentRouteLocale() === locale) setLocale(toI18nLocale(locale));
    });
  }, [locale, setLocale, setRouteLocale, localizationsVersion]);

  return null;
};

const ThemeSync = () => {
  const dark = useAtomValue(darkModeAtom);
  useLayoutEffect(() => applyDarkMode(dark), [dark]);
  return null;
};

// Loaded when first needed, through the chunk reload guard (issue 11: the sign-in page's weight).
const SignedInTools = lazy(() =>
  importWithReloadGuard(() => import('./SignedInTools'), browserReloadGuardDeps()),
);
const ShortcutsDialog = lazy(() =>
  importWithReloadGuard(
    () =>
      import('@/components/palette/ShortcutsDialog').then((module) => ({ default: module.ShortcutsDialog })),
    browserReloadGuardDeps(),
  ),
);

/** The root of every route: language, theme, progress bar, the palette once open, the shortcuts list. */
export const AppShell = () => {
  const { status } = useSession();
  const shortcutsOpen = useAtomValue(shortcutsOpenAtom);
  const paletteOpen = useAtomValue(paletteOpenAtom);
  const laterWords = useAtomValue(laterWordsAtom);
  // Loaded the first time the palette opens, then kept: it opens at once the next times.
  const [toolsWanted, setToolsWanted] = useState(false);
  useEffect(() => {
    if (paletteOpen) setToolsWanted(true);
  }, [paletteOpen]);
  return (
    <>
      <LocaleSync />
      <ThemeSync />
      <NavigationProgress />
      <Outlet />
      <PaletteLauncher />
      <Suspense fallback={null}>
        {/* The palette is drawn with its words (the signed-in words, src/i18n/signedInSections.ts):
            a Ctrl+K while they load shows the launcher's stand-in until then. */}
        {status === 'signedIn' && toolsWanted && !awaitingWords(laterWords.signedIn) && <SignedInTools />}
        {shortcutsOpen && <ShortcutsDialog />}
      </Suspense>
      <ScrollRestoration />
    </>
  );
};
