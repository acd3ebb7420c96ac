import { useRegisterCommands } from '@/components/palette/commandRegistry';
import { type TRecordAreaCommands, useRecordAreaCommands } from '@/components/palette/useRecordAreaCommands';
import { resourceAddresses } from '@/domain/resourceAddresses';
import { servicePagePermission } from './servicePagePermission';
import { myFollowUpsPath } from './serviceViews';

const area: TRecordAreaCommands = {
  name: resourceAddresses.service.name,
  routeBase: resourceAddresses.service.routeBase,
  createPermissions: ['post_adoption_services:write', servicePagePermission],
  readPermission: 'post_adoption_services:read',
  newTitle: (LL) => LL.areas.service.commands.new(),
  findTitle: (LL) => LL.areas.service.commands.find(),
  // The list's saved view of the same name (src/features/service/serviceViews.ts).
  pages: [
    {
      id: 'open-my-follow-ups',
      title: (LL) => LL.areas.service.myFollowUps(),
      icon: 'service',
      path: myFollowUpsPath,
      keywords: (LL) => [LL.areas.service.myFollowUpsHint()],
    },
  ],
};

/**
 * 'New follow-up', 'Find follow-up' and 'My follow-ups' from any screen: a caseworker's week of
 * visits is one command away.
 */
export const ServiceAppCommands = () => {
  useRegisterCommands(useRecordAreaCommands(area), { appWide: true });
  return null;
};
