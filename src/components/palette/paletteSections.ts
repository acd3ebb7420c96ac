import type { TRouteLocale } from '@/domain/locale';
import { isMenuGroup, sidebarMenu, type TMenuEntry } from '@/domain/sidebarMenu';
import { otherLocale } from '@/platform/localePath';
import type { TCommand } from './commandRegistry';
import { recordTitle } from './destinations';
import { byRank, matchRank } from './match';
import { allTextsOf, destinationPath, type TRecentDestination, textOf } from './recentDestinations';

/**
 * What the palette lists, in which groups and order (pure, unit-tested): with nothing typed,
 * Recent, This record, then Actions; with a query, This record (the record on screen's own
 * commands that match, whatever their rank beside the others: Enter acts on this record), Pages
 * (recent pages, page commands and the menu search, each target once), then Actions, then Records
 * (recent records and the record search, each once). A locked command stays listed with its reason.
 */

export type TPaletteSectionKey = 'record' | 'recent' | 'pages' | 'actions' | 'records';

export type TPaletteItem = {
  /** cmdk's value: unique in the list. */
  value: string;
  title: string;
  /** A second, quieter text: the title in the other language, or a record's 'User · admin'. */
  secondary?: string;
  /** Set when `secondary` is in the other language (its `lang`). */
  secondaryLocale?: TRouteLocale;
  icon: string;
  shortcut?: string[];
  /** Opens this path (without the locale prefix)... */
  path?: string;
  /** ...and remembers it under Recent; */
  remember?: TRecentDestination;
  /** or runs this command. */
  command?: TCommand;
  /** Listed but not run: why this user may not take it now. */
  lockedReason?: string;
};

export type TPaletteSection = { key: TPaletteSectionKey; items: TPaletteItem[] };

/** A menu search result, marked `current` when it answers the text typed now (not an older one). */
export type TMenuHit = { id: number; to: string; title: unknown; current: boolean };
/** A record search result, likewise. */
export type TRecordHit = { destination: TRecentDestination; current: boolean };

export type TPaletteInput = {
  query: string;
  locale: TRouteLocale;
  recent: TRecentDestination[];
  commands: TCommand[];
  menu: TMenuHit[];
  records: TRecordHit[];
};

const sidebarEntries: TMenuEntry[] = sidebarMenu.flatMap((item) =>
  isMenuGroup(item) ? item.children : [item],
);

/** The sidebar's icon of the area a path belongs to (`/security/user/edit/3` -> user). */
export const iconForPath = (path: string, fallback = 'arrowRight'): string => {
  const bare = destinationPath(path);
  const entry = sidebarEntries
    .filter((candidate) => bare === candidate.to || bare.startsWith(`${candidate.to}/`))
    .sort((a, b) => b.to.length - a.to.length)[0];
  return entry?.icon ?? (bare === '/' ? 'home' : fallback);
};

type TRanked = TPaletteItem & { rank: number };

/** A page or record the user was on: the title in the language of the day. */
const destinationItem = (
  destination: TRecentDestination,
  locale: TRouteLocale,
  value: string,
  icon?: string,
): TPaletteItem => {
  const title = textOf(destination.title, locale);
  const other = otherLocale(locale);
  const otherTitle = textOf(destination.title, other);
  const secondary =
    destination.kind === 'record'
      ? textOf(destination.subtitle, locale) || undefined
      : otherTitle && otherTitle !== title
        ? otherTitle
        : undefined;
  return {
    value,
    title,
    secondary,
    secondaryLocale: destination.kind === 'page' && secondary ? other : undefined,
    icon: icon ?? iconForPath(destination.path),
    path: destination.path,
    remember: destination,
  };
};

const destinationRank = (destination: TRecentDestination, locale: TRouteLocale, query: string) =>
  matchRank(
    textOf(destination.title, locale),
    [...allTextsOf(destination.title), ...allTextsOf(destination.subtitle)],
    query,
  );

/** Keeps the first item of each path (items come best source first). */
const uniqueByPath = (items: TRanked[]): TRanked[] => {
  const seen = new Set<string>();
  return items.filter((item) => {
    if (!item.path) return true;
    const path = destinationPath(item.path);
    if (seen.has(path)) return false;
    seen.add(path);
    return true;
  });
};

const commandItem = (command: TCommand, locale: TRouteLocale): TPaletteItem => {
  const other = otherLocale(locale);
  const otherTitle = command.titles?.[other];
  return {
    value: `command-${command.id}`,
    title: command.title,
    secondary: otherTitle && otherTitle !== command.title ? otherTitle : undefined,
    secondaryLocale: otherTitle && otherTitle !== command.title ? other : undefined,
    icon: command.lockedReason
      ? 'lock'
      : (command.icon ?? (command.kind === 'page' ? 'arrowRight' : 'command')),
    shortcut: command.shortcut,
    path: command.path,
    command,
    lockedReason: command.lockedReason,
  };
};

/** Among equals, what can be run before what is locked: Enter runs the first when nothing is typed. */
const lockedLast = (command: TCommand) => (command.lockedReason ? 0.5 : 0);

export const buildPaletteSections = ({
  query,
  locale,
  recent,
  commands,
  menu,
  records,
}: TPaletteInput): TPaletteSection[] => {
  const own = commands.filter((command) => command.record);
  const others = commands.filter((command) => !command.record);
  const actions = others.filter((command) => (command.kind ?? 'action') === 'action');
  const pageCommands = others.filter((command) => command.kind === 'page');

  const ranked = <T>(list: T[], rankOf: (item: T) => number | null, toItem: (item: T) => TPaletteItem) =>
    list.flatMap((item) => {
      const rank = rankOf(item);
      return rank === null ? [] : [{ ...toItem(item), rank }];
    });
  const strip = ({ rank: _rank, ...item }: TRanked): TPaletteItem => item;
  const record = {
    key: 'record' as const,
    items: byRank(
      ranked(
        own,
        (command) => {
          const rank = matchRank(command.title, command.keywords ?? [], query);
          return rank === null ? null : rank + lockedLast(command);
        },
        (command) => commandItem(command, locale),
      ),
    ).map(strip),
  };

  if (!query.trim()) {
    return [
      {
        key: 'recent' as const,
        items: recent.map((destination) =>
          destinationItem(destination, locale, `recent-${destination.path}`),
        ),
      },
      record,
      { key: 'actions' as const, items: actions.map((command) => commandItem(command, locale)) },
    ].filter((section) => section.items.length > 0);
  }

  const recentPages = recent.filter((destination) => destination.kind === 'page');
  const recentRecords = recent.filter((destination) => destination.kind === 'record');

  const pages = uniqueByPath(
    byRank([
      ...ranked(
        recentPages,
        (destination) => destinationRank(destination, locale, query),
        (destination) => destinationItem(destination, locale, `page-${destination.path}`),
      ),
      ...ranked(
        pageCommands,
        (command) => matchRank(command.title, command.keywords ?? [], query),
        (command) => commandItem(command, locale),
      ),
      ...ranked(
        menu,
        (hit) => {
          const title = recordTitle(hit.title);
          const rank = matchRank(textOf(title, locale), allTextsOf(title), query);
          // The server found it for this very text: keep it even when its matching was wider.
          return rank ?? (hit.current ? 3 : null);
        },
        (hit) => ({
          ...destinationItem(
            { path: destinationPath(hit.to), title: recordTitle(hit.title), kind: 'page' },
            locale,
            `menu-${hit.id}`,
          ),
        }),
      ),
    ]),
  );

  const found = uniqueByPath([
    ...ranked(
      recentRecords,
      (destination) => destinationRank(destination, locale, query),
      (destination) => destinationItem(destination, locale, `record-${destination.path}`),
    ),
    ...ranked(
      records,
      (hit) => destinationRank(hit.destination, locale, query) ?? (hit.current ? 3 : null),
      (hit) => destinationItem(hit.destination, locale, `record-${hit.destination.path}`),
    ),
  ]);

  return [
    record,
    { key: 'pages' as const, items: pages.map(strip) },
    {
      key: 'actions' as const,
      items: byRank(
        ranked(
          actions,
          (command) => matchRank(command.title, command.keywords ?? [], query),
          (command) => commandItem(command, locale),
        ),
      ).map(strip),
    },
    { key: 'records' as const, items: found.map(strip) },
  ].filter((section) => section.items.length > 0);
};
