import type { TRouteLocale } from '@/domain/locale';
import { translate } from '@/domain/translate';
import { stripLocalePrefix } from '@/platform/localePath';

/**
 * The pages and records a user opened last, newest first, kept per user in this browser
 * (localStorage): the palette lists them under 'Recent' before anything is typed.
 */

/** How many destinations are kept. */
export const recentLimit = 8;

/** A title in both languages (shown in the language of the day), or one text (a user's name). */
export type TRecentText = { kh: string; en: string } | string;

export type TRecentDestination = {
  /** Without the locale prefix, query or hash: `/security/user/edit/3`. */
  path: string;
  title: TRecentText;
  kind: 'page' | 'record';
  /** The second line of a record: 'User · admin'. */
  subtitle?: TRecentText;
};

/**
 * What ZTranslatable accepts, checked without zod. Here, not in src/domain/translate.ts: that one
 * is in the sign-in page's first download, this one only with the palette.
 */
export const isTranslatable = (value: unknown): value is { kh: string; en: string } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Record<string, unknown>).kh === 'string' &&
  typeof (value as Record<string, unknown>).en === 'string';

// Checked by hand, not by zod: the palette is on every signed-in page, and zod stays off the home
// page's path (issue 24's 250 KB).
const recentTextOf = (value: unknown): TRecentText | null =>
  typeof value === 'string' ? value : isTranslatable(value) ? { kh: value.kh, en: value.en } : null;

/** A stored destination as the palette writes it (nothing else kept), or null. */
const recentDestinationOf = (value: unknown): TRecentDestination | null => {
  if (typeof value !== 'object' || value === null) return null;
  const { path, title, kind, subtitle } = value as Record<string, unknown>;
  if (typeof path !== 'string' || !path.startsWith('/') || path.length > 500) return null;
  if (kind !== 'page' && kind !== 'record') return null;
  const titleText = recentTextOf(title);
  const subtitleText = subtitle === undefined ? undefined : recentTextOf(subtitle);
  if (titleText === null || subtitleText === null) return null;
  return { path, title: titleText, kind, ...(subtitleText === undefined ? {} : { subtitle: subtitleText }) };
};

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
    const stored: unknown = JSON.parse(storage.getItem(recentStorageKey(username)) ?? '[]');
    if (!Array.isArray(stored)) return [];
    const destinations = stored.map(recentDestinationOf);
    // One unreadable entry makes the list unreadable, as a whole-list schema would.
    return destinations.every((item) => item !== null)
      ? (destinations as TRecentDestination[]).slice(0, recentLimit)
      : [];
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
  const entry = recentDestinationOf({ ...destination, path: destinationPath(destination.path) });
  if (!entry || !textOf(entry.title, 'en')) return readRecent(storage, username);
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
