import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { toI18nLocale } from '@/domain/locale';
import { loadScreenWords, loadSignedInWords } from '@/i18n/dictionaries';
import { useI18nContext } from '@/i18n/i18n-react';
import { readStoredTokens } from '@/platform/api/tokenStore';
import type { TSessionStatus } from '@/platform/guards';
import { awaitingWords, laterWordsAtom } from '@/state/laterWords';
import { currentRouteLocale } from '@/state/locale';

/** Whether this browser keeps a session (its refresh token's cookie), before the server confirms it. */
const hasStoredSession = () => readStoredTokens().refreshToken !== null;

const isHomePage = (pathname: string) => /^\/[a-z]{2}\/?$/.test(pathname);

// Run when the signed-in frame's chunk arrives, before the router has the screen's chunks and before
// `users/info` answers (the frame is drawn only then): a page opened with a stored session fetches its
// words now. Only the download: the hook below lays them over the dictionary, as before.
if (typeof window !== 'undefined' && hasStoredSession()) {
  void import('@/i18n/signedInWords').catch(() => undefined);
  // Not from the sign-in page either: the home page comes after it.
  const { pathname } = window.location;
  if (!isHomePage(pathname) && !/^\/[a-z]{2}\/login\/?$/.test(pathname))
    void import('@/i18n/screenWords').catch(() => undefined);
}

/**
 * The dictionary's parts shipped apart (src/i18n/signedInSections.ts), loaded by the signed-in frame
 * (the sign-in page's budget: none of this is in its download): the signed-in words, and the other
 * screens' words once a screen other than the home page opens. A page opened by its address with a
 * stored session asks for them while the session is being checked, not after: they came a round
 * trip later and the screen was first drawn without its titles and labels, which then pushed the
 * page down (issue 37, the children's report). Words that failed to load (offline, a new release)
 * are asked again when the connection returns. Answers what the frame still waits for.
 */
export const useLaterWords = ({
  status,
  onHomePage,
  offline,
}: {
  status: TSessionStatus;
  onHomePage: boolean;
  offline: boolean;
}) => {
  const { setLocale } = useI18nContext();
  const laterWords = useAtomValue(laterWordsAtom);
  const setLaterWords = useSetAtom(laterWordsAtom);
  const wanted = status === 'signedIn' || (status === 'pending' && hasStoredSession());

  useEffect(() => {
    if (!wanted || offline) return;
    setLaterWords((words) => (words.signedIn === 'loaded' ? words : { ...words, signedIn: 'loading' }));
    void loadSignedInWords().then(
      (changed) => {
        // Both in one render: what waited for the words is drawn with them.
        if (changed) setLocale(toI18nLocale(currentRouteLocale()));
        setLaterWords((words) => ({ ...words, signedIn: 'loaded' }));
      },
      (error: unknown) => {
        console.error('[i18n] the signed-in words did not load', error);
        setLaterWords((words) => ({ ...words, signedIn: 'failed' }));
      },
    );
  }, [wanted, offline, setLocale, setLaterWords]);

  useEffect(() => {
    if (!wanted || onHomePage || offline) return;
    setLaterWords((words) => (words.screens === 'loaded' ? words : { ...words, screens: 'loading' }));
    void loadScreenWords().then(
      (changed) => {
        if (changed) setLocale(toI18nLocale(currentRouteLocale()));
        setLaterWords((words) => ({ ...words, screens: 'loaded' }));
      },
      (error: unknown) => {
        console.error("[i18n] the screens' words did not load", error);
        setLaterWords((words) => ({ ...words, screens: 'failed' }));
      },
    );
  }, [wanted, onHomePage, offline, setLocale, setLaterWords]);

  // A signed-in user's frame and screen wait for their words, unless offline (drawn as before).
  const waiting = status === 'signedIn' && !offline;
  return {
    frameWaits: waiting && awaitingWords(laterWords.signedIn),
    screenWaits: waiting && !onHomePage && awaitingWords(laterWords.screens),
  };
};
