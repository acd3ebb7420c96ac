import { useSetAtom } from 'jotai';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import {
  areaDuplicatesPath,
  areaMergePermission,
  areaPagePermission,
  areaPermission,
  type TAreaDefinition,
} from '@/domain/areas/area';
import { areaWords } from '@/domain/areas/areaWords';
import { hasPermission } from '@/domain/permissions';
import { bothLanguages } from '@/i18n/bothLanguages';
import { useI18nContext } from '@/i18n/i18n-react';
import type { TranslationFunctions } from '@/i18n/i18n-types';
import { wordOf } from '@/i18n/wordOf';
import { localizedPath } from '@/platform/localePath';
import { useSession } from '@/platform/session';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { paletteOpenAtom, paletteScopeAtom } from '@/state/ui';
import type { TCommand } from './commandRegistry';
import { createKeywords } from './destinations';

export type TRecordAreaCommands = {
  /** The resource's name (the palette's scope) and where its pages are. */
  name: string;
  routeBase: string;
  /** Every permission the create page and its save need. */
  createPermissions: readonly string[];
  readPermission: string;
  newTitle: (LL: TranslationFunctions) => string;
  findTitle: (LL: TranslationFunctions) => string;
  /**
   * Pages of the area the sidebar does not list (children who can be adopted, 'My follow-ups'),
   * for the users who may read it: their title in both languages is what the palette finds.
   */
  pages?: readonly {
    id: string;
    title: (LL: TranslationFunctions) => string;
    icon: string;
    path: string;
    /** More words it is found by, in the reader's language. */
    keywords?: (LL: TranslationFunctions) => string[];
    /** Who is offered it, when not every reader of the area (the review of duplicates: `:merge`). */
    permission?: string;
  }[];
};

/**
 * The commands of a record area from its description (src/domain/areas): its create page needs the
 * area's page permission and the save `:write`; finding needs `:read`; the words are the area's
 * `commands` (`areas.<name>.commands.new|find`); its pages are the area's `commandPages`.
 */
export const recordAreaCommandsOf = (area: TAreaDefinition): TRecordAreaCommands => ({
  name: area.name,
  routeBase: area.routeBase,
  createPermissions: [areaPermission(area, 'write'), areaPagePermission(area)],
  readPermission: areaPermission(area, 'read'),
  newTitle: (LL) => areaWords(LL, area).commands.new(),
  findTitle: (LL) => areaWords(LL, area).commands.find(),
  pages: [
    ...(area.commandPages ?? []),
    // Issue 35: the area's possible duplicates, for those who may merge them.
    ...(area.duplicateReview
      ? [
          {
            id: `open-${area.name}-duplicates`,
            path: areaDuplicatesPath(area),
            icon: 'matching',
            title: (LL: TranslationFunctions) =>
              LL.list.possibleDuplicates({ things: wordOf(LL.resources, area.name)?.many() || area.name }),
            keywords: (LL: TranslationFunctions) => [LL.list.mergeKeyword()],
            permission: areaMergePermission(area),
          },
        ]
      : []),
  ],
});

/**
 * A record area's app-wide commands: 'New ...' (to its create page), 'Find ... by name or
 * code' (reopens the palette narrowed to its records) and its pages the sidebar does not list, each
 * for the users who may, with their words in both languages as keywords.
 */
export const useRecordAreaCommands = (area: TRecordAreaCommands): TCommand[] => {
  const { LL } = useI18nContext();
  const { user } = useSession();
  const locale = useRouteLocale();
  const navigate = useNavigate();
  const setOpen = useSetAtom(paletteOpenAtom);
  const setScope = useSetAtom(paletteScopeAtom);
  return useMemo<TCommand[]>(() => {
    const list: TCommand[] = [];
    if (area.createPermissions.every((permission) => hasPermission(user, permission))) {
      const words = bothLanguages(area.newTitle);
      list.push({
        id: `app-create-${area.name}`,
        title: area.newTitle(LL),
        kind: 'action',
        icon: 'plus',
        keywords: [words.kh, words.en, ...createKeywords(area.name)],
        perform: () => navigate(localizedPath(locale, `${area.routeBase}/create`)),
      });
    }
    if (hasPermission(user, area.readPermission)) {
      const words = bothLanguages(area.findTitle);
      list.push({
        id: `app-find-${area.name}`,
        title: area.findTitle(LL),
        kind: 'action',
        icon: 'search',
        keywords: [words.kh, words.en],
        perform: () => {
          setScope(area.name);
          setOpen(true);
        },
      });
      for (const page of area.pages ?? []) {
        if (page.permission && !hasPermission(user, page.permission)) continue;
        const titles = bothLanguages(page.title);
        list.push({
          id: page.id,
          title: page.title(LL),
          titles,
          kind: 'page',
          icon: page.icon,
          path: page.path,
          keywords: [titles.kh, titles.en, ...(page.keywords?.(LL) ?? [])],
          perform: () => navigate(localizedPath(locale, page.path)),
        });
      }
    }
    return list;
  }, [area, LL, user, locale, navigate, setOpen, setScope]);
};
