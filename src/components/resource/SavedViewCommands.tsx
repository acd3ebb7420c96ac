import { useAtomValue } from 'jotai';
import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { type TCommand, useRegisterCommands } from '@/components/palette/commandRegistry';
import { resourceName } from '@/components/palette/destinations';
import { iconForPath } from '@/components/palette/paletteSections';
import { translate } from '@/domain/translate';
import { bothLanguages } from '@/i18n/bothLanguages';
import { useI18nContext } from '@/i18n/i18n-react';
import { fetchSavedViews, savedViewsRevisionAtom } from '@/platform/api/savedViews';
import { useRemoteData } from '@/platform/api/useRemoteData';
import { localizedPath } from '@/platform/localePath';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { listViewParams } from './listAddress';
import type { TClientResource } from './resourceArea';
import { openedView } from './savedViewAddress';

/**
 * 'View: <name>' in the palette for every saved view of the lists the user may read (issue 26):
 * theirs, those shared in their office, the shipped ones. Found by the view's name and its list's
 * name in both languages; Enter opens the list at the view's address.
 */
export const SavedViewCommands = ({ resources }: { resources: TClientResource[] }) => {
  const { LL } = useI18nContext();
  const locale = useRouteLocale();
  const navigate = useNavigate();
  const revision = useAtomValue(savedViewsRevisionAtom);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the shipped views' names come in the page's language
  const load = useCallback((signal: AbortSignal) => fetchSavedViews(null, signal), [locale]);
  const remote = useRemoteData(load, revision);
  const views = remote.state === 'ready' ? remote.data : undefined;
  const commands = useMemo<TCommand[]>(() => {
    if (!views) return [];
    const keyword = bothLanguages((words) => words.savedViews.paletteKeyword());
    return views.flatMap((saved) => {
      const resource = resources.find((candidate) => candidate.definition.name === saved.list);
      if (!resource) return [];
      const { definition } = resource;
      const many = resourceName(definition.name, 'many');
      const keys = definition.columns.map((column) => column.key);
      const filterKeys = definition.filters.map((filter) => filter.key);
      // Rows per page as the list would choose them: a view without its own opens with the list's.
      const address = listViewParams(openedView(saved, { filterKeys, columnKeys: keys, defaultLength: 10 }));
      if (!new URLSearchParams(saved.query).has('length')) delete address.length;
      const path = `${definition.routeBase}?${new URLSearchParams(address).toString()}`;
      return [
        {
          id: `saved-view-${saved.id}`,
          kind: 'page' as const,
          icon: iconForPath(definition.routeBase),
          title: LL.savedViews.paletteTitle({ name: saved.name }),
          titles: bothLanguages((words) => words.savedViews.paletteTitle({ name: saved.name })),
          keywords: [saved.name, ...Object.values(keyword), many.kh, many.en, translate(many, locale)],
          path,
          perform: () => navigate(localizedPath(locale, path)),
        },
      ];
    });
  }, [views, resources, LL, locale, navigate]);
  useRegisterCommands(commands, { appWide: true });
  return null;
};
