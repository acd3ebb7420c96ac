import { useRegisterCommands } from '@/components/palette/commandRegistry';
import { type TRecordAreaCommands, useRecordAreaCommands } from '@/components/palette/useRecordAreaCommands';
import { parentResource } from '@/domain/resources/parent';
import { parentPagePermission } from '../resourcePageRoutes';

const area: TRecordAreaCommands = {
  name: parentResource.name,
  routeBase: parentResource.routeBase,
  createPermissions: ['adoptive_parents:write', parentPagePermission],
  readPermission: 'adoptive_parents:read',
  newTitle: (LL) => LL.areas.parent.commands.new(),
  findTitle: (LL) => LL.areas.parent.commands.find(),
};

/**
 * 'New application' and 'Find application by name or code' from any screen. Finding reopens the
 * palette narrowed to applications (either applicant's name in either script, the code).
 */
export const ParentAppCommands = () => {
  useRegisterCommands(useRecordAreaCommands(area), { appWide: true });
  return null;
};
