import type { TClientResource } from '@/components/resource/resourceArea';
import { childClientResource } from './child/childClient';
import { configurationResources } from './configuration/configurationResources';
import { parentClientResource } from './parent/parentClient';
import { securityResources } from './security/securityResources';

/** Every described resource that has screens: the route table, palette and record search read it. */
export const clientResources: TClientResource[] = [
  childClientResource,
  parentClientResource,
  ...configurationResources,
  ...securityResources,
];
