import type { TClientResource } from '@/components/resource/resourceArea';
import { features } from './featureRegistry';

/**
 * Every described resource that has screens, from each feature's `resources.ts` (found by file
 * name: a new area adds its own file, not a line here): the route table's resource screens, the
 * palette's record search and its commands read it. In the features' menu order.
 */
const found = import.meta.glob<{ resources: TClientResource[] }>('./*/resources.ts', { eager: true });
const order = (path: string) =>
  features.find((feature) => path === `./${feature.name}/resources.ts`)?.order ?? Number.MAX_SAFE_INTEGER;

export const clientResources: TClientResource[] = Object.entries(found)
  .sort(([a], [b]) => order(a) - order(b))
  .flatMap(([, module]) => module.resources);
