import { useSetAtom } from 'jotai';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { type TCommand, useRegisterCommands } from '@/components/palette/commandRegistry';
import { createKeywords } from '@/components/palette/destinations';
import { hasPermission } from '@/domain/permissions';
import { childResource } from '@/domain/resources/child';
import { bothLanguages } from '@/i18n/bothLanguages';
import { useI18nContext } from '@/i18n/i18n-react';
import { localizedPath } from '@/platform/localePath';
import { useSession } from '@/platform/session';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { paletteOpenAtom, paletteScopeAtom } from '@/state/ui';

/**
 * 'New child' and 'Find child by name or code' from any screen: registering a child and finding one
 * are what a caseworker does most. Finding reopens the palette narrowed to children.
 */
export const ChildAppCommands = () => {
  const { LL } = useI18nContext();
  const { user } = useSession();
  const locale = useRouteLocale();
  const navigate = useNavigate();
  const setOpen = useSetAtom(paletteOpenAtom);
  const setScope = useSetAtom(paletteScopeAtom);
  const commands = useMemo<TCommand[]>(() => {
    const list: TCommand[] = [];
    // The create page needs `:update` (spec section 6) and the save `:write`.
    if (hasPermission(user, 'adoptive_children:write') && hasPermission(user, 'adoptive_children:update')) {
      list.push({
        id: 'app-create-child',
        title: LL.list.createThing({ thing: LL.resources.child.one() }),
        kind: 'action',
        icon: 'plus',
        keywords: createKeywords(childResource.name),
        perform: () => navigate(localizedPath(locale, `${childResource.routeBase}/create`)),
      });
    }
    if (hasPermission(user, 'adoptive_children:read')) {
      // The list a matching starts from: not in the sidebar (spec section 4), found here.
      const adoptable = bothLanguages((book) => book.resources.childAdoptable.many());
      list.push({
        id: 'open-can-adopt-child',
        title: LL.resources.childAdoptable.many(),
        titles: adoptable,
        kind: 'page',
        icon: 'child',
        path: '/can-adopt-child',
        keywords: [adoptable.kh, adoptable.en],
        perform: () => navigate(localizedPath(locale, '/can-adopt-child')),
      });
      const words = bothLanguages((book) => book.palette.findChild());
      list.push({
        id: 'app-find-child',
        title: LL.palette.findChild(),
        kind: 'action',
        icon: 'search',
        keywords: [words.kh, words.en],
        perform: () => {
          setScope(childResource.name);
          setOpen(true);
        },
      });
    }
    return list;
  }, [LL, user, locale, navigate, setOpen, setScope]);
  useRegisterCommands(commands, { appWide: true });
  return null;
};
