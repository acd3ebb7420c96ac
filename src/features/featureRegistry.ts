import type { TFeature, TResourcePageRoute } from './featureRoutes';

/**
 * Every feature of the client, found by file name (`src/features/<feature>/index.ts`, exporting
 * `feature`): nothing lists them by hand. In menu order.
 */
const found = import.meta.glob<{ feature: TFeature }>('./*/index.ts', { eager: true });

export const features: readonly TFeature[] = Object.values(found)
  .map((module) => module.feature)
  .sort((a, b) => a.order - b.order);

/** Every described resource's page route, from the features. */
export const featureResourcePages: readonly TResourcePageRoute[] = features.flatMap(
  (feature) => feature.resourcePages ?? [],
);
