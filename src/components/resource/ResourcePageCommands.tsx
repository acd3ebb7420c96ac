import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { localizedPath } from '@/app/localePath';
import { useSession } from '@/app/session';
import { useRouteLocale } from '@/app/useRouteLocale';
import { type TCommand, useRegisterCommands } from '@/components/palette/commandRegistry';
import { hasPermission } from '@/domain/permissions';
import en from '@/i18n/en';
import { useI18nContext } from '@/i18n/i18n-react';
import km from '@/i18n/km';
import type { TClientResource } from './resourceArea';

type TNames = Record<string, { one: string; many: string } | undefined>;

/**
 * Palette entries to every described resource's list the user may read (the list itself adds
 * 'New …' while it is open), found by the Khmer or the English name whatever the interface language.
 */
export const ResourcePageCommands = ({ resources }: { resources: TClientResource[] }) => {
  const { LL } = useI18nContext();
  const { user, status } = useSession();
  const locale = useRouteLocale();
  const navigate = useNavigate();
  const commands = useMemo<TCommand[]>(() => {
    if (status !== 'signedIn') return [];
    return resources.flatMap(({ definition, area }) => {
      const { name, permission, routeBase } = definition;
      const names = (LL.resources as unknown as Record<string, { one: () => string; many: () => string }>)[
        name
      ];
      const keywords = [km, en].flatMap((book) => {
        const entry = (book.resources as TNames)[name];
        return entry ? [entry.one, entry.many] : [];
      });
      const group = LL.resources[area.key].one();
      const list: TCommand[] = [];
      if (hasPermission(user, `${permission}:read`)) {
        list.push({
          id: `open-${name}`,
          group,
          icon: 'arrowRight',
          title: names.many(),
          keywords,
          perform: () => navigate(localizedPath(locale, routeBase)),
        });
      }
      return list;
    });
  }, [resources, LL, user, status, locale, navigate]);
  useRegisterCommands(commands);
  return null;
};
