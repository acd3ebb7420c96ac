import { z } from 'zod';
import type { TRouteLocale } from '@/domain/locale';
import { translate, ZTranslatable } from '@/domain/translatable';
import { stripLocalePrefix } from '@/platform/localePath';

/**
 * The pages and records a user opened last, newest first, kept per user in this browser
 * (localStorage): the palette lists them under 'Recent' before anything is typed.
 */

/** How many destinations are kept. */
export const recentLimit = 8;

/** A title in both languages (shown in the language of the day), or one text (a user's name). */
export const ZRecentText = z.union([ZTranslatable, z.string()]);
export type TRecentText = z.infer<typeof ZRecentText>;

export const ZRecentDestination = z.object({
  /** Without the locale prefix, query or hash: `/security/user/edit/3`. */
  path: z.string().startsWith('/').max(500),
  title: ZRecentText,
  kind: z.enum(['page', 'record']),
  /** The second line of a record: 'User · admin'. */
  subtitle: ZRecentText.optional(),
});
export type TRecentDestination = z.infer<typeof ZRecentDestination>;

/** The part of Web Storage the store uses (a fake one in tests). */
export type TRecentStorage = Pick<Storage, 'getItem' | 'setItem'>;

export const recentStorageKey = (username: string): string => `palette.recent.${username}`;

/** `/en/security/user?page=2` and `/security/user/` are both `/security/user`. */
export const destinationPath = (path: string): string => {
  const bare = stripLocalePrefix(path.split(/[?#]/)[0] || '/');
  return bare.length > 1 ? bare.replace(/\/+$/, '') || '/' : bare;
};

/** The stored list; anything unreadable (edited by hand, an older format) counts as empty. */
export const readRecent = (storage: TRecentStorage, username: string): TRecentDestination[] => {
  try {
    const parsed = z
      .array(ZRecentDestination)
      .safeParse(JSON.parse(storage.getItem(recentStorageKey(username)) ?? '[]'));
    return parsed.success ? parsed.data.slice(0, recentLimit) : [];
  } catch {
    return [];
  }
};

/** Puts `destination` first (a path already listed moves up, with the newer title); keeps eight. */
export const rememberDestination = (
  storage: TRecentStorage,
  username: string,
  destination: TRecentDestination,
): TRecentDestination[] => {
  const entry = { ...destination, path: destinationPath(destination.path) };
  if (!ZRecentDestination.safeParse(entry).success || !textOf(entry.title, 'en'))
    return readRecent(storage, username);
  const current = readRecent(storage, username);
  const next = [entry, ...current.filter((item) => item.path !== entry.path)].slice(0, recentLimit);
  // Nothing to write when the same destination is shown again (a re-render, a reload).
  if (JSON.stringify(current) === JSON.stringify(next)) return current;
  try {
    storage.setItem(recentStorageKey(username), JSON.stringify(next));
  } catch {
    // Storage full or refused (private mode): the palette just remembers less.
  }
  return next;
};

/** A stored text in `locale` (the other language when one is missing). */
export const textOf = (text: TRecentText | undefined, locale: TRouteLocale): string =>
  text === undefined ? '' : typeof text === 'string' ? text : translate(text, locale);

/** Every language of a stored text, for matching typed words. */
export const allTextsOf = (text: TRecentText | undefined): string[] =>
  text === undefined ? [] : typeof text === 'string' ? [text] : [text.kh, text.en];
