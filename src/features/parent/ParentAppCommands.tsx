import { useSetAtom } from 'jotai';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { type TCommand, useRegisterCommands } from '@/components/palette/commandRegistry';
import { createKeywords } from '@/components/palette/destinations';
import { hasPermission } from '@/domain/permissions';
import { parentResource } from '@/domain/resources/parent';
import { bothLanguages } from '@/i18n/bothLanguages';
import { useI18nContext } from '@/i18n/i18n-react';
import { localizedPath } from '@/platform/localePath';
import { useSession } from '@/platform/session';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { paletteOpenAtom, paletteScopeAtom } from '@/state/ui';
import { parentPagePermission } from '../resourcePageRoutes';

/**
 * 'New application' and 'Find application by name or code' from any screen. Finding reopens the
 * palette narrowed to applications (either applicant's name in either script, the code).
 */
export const ParentAppCommands = () => {
  const { LL } = useI18nContext();
  const { user } = useSession();
  const locale = useRouteLocale();
  const navigate = useNavigate();
  const setOpen = useSetAtom(paletteOpenAtom);
  const setScope = useSetAtom(paletteScopeAtom);
  const commands = useMemo<TCommand[]>(() => {
    const list: TCommand[] = [];
    if (hasPermission(user, 'adoptive_parents:write') && hasPermission(user, parentPagePermission)) {
      const words = bothLanguages((book) => book.parentShow.newApplication());
      list.push({
        id: 'app-create-parent',
        title: LL.parentShow.newApplication(),
        kind: 'action',
        icon: 'plus',
        keywords: [words.kh, words.en, ...createKeywords(parentResource.name)],
        perform: () => navigate(localizedPath(locale, `${parentResource.routeBase}/create`)),
      });
    }
    if (hasPermission(user, 'adoptive_parents:read')) {
      const words = bothLanguages((book) => book.parentShow.findApplication());
      list.push({
        id: 'app-find-parent',
        title: LL.parentShow.findApplication(),
        kind: 'action',
        icon: 'search',
        keywords: [words.kh, words.en],
        perform: () => {
          setScope(parentResource.name);
          setOpen(true);
        },
      });
    }
    return list;
  }, [LL, user, locale, navigate, setOpen, setScope]);
  useRegisterCommands(commands, { appWide: true });
  return null;
};
