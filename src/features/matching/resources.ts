import type { TClientResource } from '@/components/resource/resourceArea';
import { areaPagePermission } from '@/domain/areas/area';
import { matchingArea } from '@/domain/areas/matching.area';
import { matchingResource } from '@/domain/resources/matching';
import { pageRouteOf } from '../resourcePageRoutes';
import { MatchingBoard } from './board/MatchingBoard';

/**
 * The matching screens (`/adoptive-matching`): the list as a table or a board by stage, the edit
 * form (proposed date and notes); a record opens on its working page. A new matching has a page of
 * its own (candidates by compatibility, src/features/matching/create).
 */
export const matchingClientResource: TClientResource = {
  definition: matchingResource,
  ...pageRouteOf('matching'),
  recordSearch: true,
  pagePermission: areaPagePermission(matchingArea),
  // Only a proposed matching may be deleted (the server answers 409 otherwise).
  deletable: (record) => record.status === 'proposed',
  listBoard: { key: 'board', label: (LL) => LL.areas.matching.board(), icon: 'board', Board: MatchingBoard },
};

/** The matching feature's described resources with screens (collected by src/features/clientResources.ts). */
export const resources: TClientResource[] = [matchingClientResource];
