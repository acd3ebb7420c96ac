import { useRegisterCommands } from '@/components/palette/commandRegistry';
import { type TRecordAreaCommands, useRecordAreaCommands } from '@/components/palette/useRecordAreaCommands';
import { resourceAddresses } from '@/domain/resourceAddresses';
import { matchingPagePermission } from './matchingPagePermission';

const area: TRecordAreaCommands = {
  name: resourceAddresses.matching.name,
  routeBase: resourceAddresses.matching.routeBase,
  createPermissions: ['matchings:write', matchingPagePermission],
  readPermission: 'matchings:read',
  newTitle: (LL) => LL.areas.matching.commands.new(),
  findTitle: (LL) => LL.areas.matching.commands.find(),
};

/**
 * 'New matching' and 'Find matching by name or code' from any screen; finding reopens the palette
 * narrowed to matchings (the child's or an applicant's name in either script, a code).
 */
export const MatchingAppCommands = () => {
  useRegisterCommands(useRecordAreaCommands(area), { appWide: true });
  return null;
};
