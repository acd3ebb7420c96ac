import { atom } from 'jotai';

/** Where a part of the dictionary shipped apart stands (src/i18n/signedInSections.ts). */
export type TLaterWordsState = 'idle' | 'loading' | 'loaded' | 'failed';

/**
 * The signed-in words and the other screens' words, as LocaleSync (src/app/AppShell.tsx) loads
 * them. A screen waits for its words instead of being drawn with empty titles and labels that
 * then grow under the reader's eyes (issue 37: the children's report's layout shift); a failed
 * load (offline, a new release) lets it be drawn as before.
 */
export const laterWordsAtom = atom<{ signedIn: TLaterWordsState; screens: TLaterWordsState }>({
  signedIn: 'idle',
  screens: 'idle',
});

/** Whether a screen should still wait for these words: not asked yet or on their way. */
export const awaitingWords = (state: TLaterWordsState) => state === 'idle' || state === 'loading';
