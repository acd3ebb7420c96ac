import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { type TCommand, useRegisterCommands } from '@/components/palette/commandRegistry';
import { type TRecordAreaCommands, useRecordAreaCommands } from '@/components/palette/useRecordAreaCommands';
import { hasPermission } from '@/domain/permissions';
import { resourceAddresses } from '@/domain/resourceAddresses';
import { bothLanguages } from '@/i18n/bothLanguages';
import { useI18nContext } from '@/i18n/i18n-react';
import { localizedPath } from '@/platform/localePath';
import { useSession } from '@/platform/session';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { servicePagePermission } from './servicePagePermission';
import { myFollowUpsPath } from './serviceViews';

const area: TRecordAreaCommands = {
  name: resourceAddresses.service.name,
  routeBase: resourceAddresses.service.routeBase,
  createPermissions: ['post_adoption_services:write', servicePagePermission],
  readPermission: 'post_adoption_services:read',
  newTitle: (LL) => LL.service.newFollowUp(),
  findTitle: (LL) => LL.service.findFollowUp(),
};

/**
 * 'New follow-up', 'Find follow-up' and 'My follow-ups' from any screen: a caseworker's week of
 * visits is one command away (the list's saved view of the same name, src/features/service/serviceViews.ts).
 */
export const ServiceAppCommands = () => {
  const { LL } = useI18nContext();
  const { user } = useSession();
  const locale = useRouteLocale();
  const navigate = useNavigate();
  const recordCommands = useRecordAreaCommands(area);
  const commands = useMemo<TCommand[]>(() => {
    if (!hasPermission(user, area.readPermission)) return recordCommands;
    const mine = bothLanguages((book) => book.service.myFollowUps());
    return [
      ...recordCommands,
      {
        id: 'open-my-follow-ups',
        title: LL.service.myFollowUps(),
        titles: mine,
        kind: 'page',
        icon: 'service',
        path: myFollowUpsPath,
        keywords: [mine.kh, mine.en, LL.service.myFollowUpsHint()],
        perform: () => navigate(localizedPath(locale, myFollowUpsPath)),
      },
    ];
  }, [LL, user, locale, navigate, recordCommands]);
  useRegisterCommands(commands, { appWide: true });
  return null;
};
