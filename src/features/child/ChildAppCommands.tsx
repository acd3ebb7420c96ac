import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { type TCommand, useRegisterCommands } from '@/components/palette/commandRegistry';
import { type TRecordAreaCommands, useRecordAreaCommands } from '@/components/palette/useRecordAreaCommands';
import { hasPermission } from '@/domain/permissions';
import { childResource } from '@/domain/resources/child';
import { bothLanguages } from '@/i18n/bothLanguages';
import { useI18nContext } from '@/i18n/i18n-react';
import { localizedPath } from '@/platform/localePath';
import { useSession } from '@/platform/session';
import { useRouteLocale } from '@/platform/useRouteLocale';

const area: TRecordAreaCommands = {
  name: childResource.name,
  routeBase: childResource.routeBase,
  // The create page needs `:update` (spec section 6) and the save `:write`.
  createPermissions: ['adoptive_children:write', 'adoptive_children:update'],
  readPermission: 'adoptive_children:read',
  newTitle: (LL) => LL.list.createThing({ thing: LL.resources.child.one() }),
  findTitle: (LL) => LL.palette.findChild(),
};

/**
 * 'New child' and 'Find child by name or code' from any screen: registering a child and finding one
 * are what a caseworker does most. Finding reopens the palette narrowed to children. And the list
 * a matching starts from, which the sidebar does not show (spec section 4).
 */
export const ChildAppCommands = () => {
  const { LL } = useI18nContext();
  const { user } = useSession();
  const locale = useRouteLocale();
  const navigate = useNavigate();
  const recordCommands = useRecordAreaCommands(area);
  const commands = useMemo<TCommand[]>(() => {
    if (!hasPermission(user, 'adoptive_children:read')) return recordCommands;
    const adoptable = bothLanguages((book) => book.resources.childAdoptable.many());
    return [
      ...recordCommands,
      {
        id: 'open-can-adopt-child',
        title: LL.resources.childAdoptable.many(),
        titles: adoptable,
        kind: 'page',
        icon: 'child',
        path: '/can-adopt-child',
        keywords: [adoptable.kh, adoptable.en],
        perform: () => navigate(localizedPath(locale, '/can-adopt-child')),
      },
    ];
  }, [LL, user, locale, navigate, recordCommands]);
  useRegisterCommands(commands, { appWide: true });
  return null;
};
