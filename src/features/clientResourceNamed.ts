import type { TClientResource } from '@/components/resource/resourceArea';

/** Each feature's described resources, loaded apart (a `() => import(...)` per feature's file). */
const featureResources = import.meta.glob<{ resources: TClientResource[] }>('./*/resources.ts');

/** Which feature's file describes a resource, by its name (from the features' page routes). */
const featureOfResource = new Map<string, string>();

/**
 * Handed over by the feature registry (featureRegistry.ts) as it loads: importing it here would close
 * a cycle (the registry imports the features, whose routes import this file).
 */
export const registerResourceFeatures = (
  features: readonly { name: string; resourcePages?: readonly { address: { name: string } }[] }[],
): void => {
  for (const feature of features)
    for (const page of feature.resourcePages ?? []) featureOfResource.set(page.address.name, feature.name);
};

/**
 * One described resource by name, for its screens: only the file of the feature whose pages list
 * it (issue 38: the children list loaded every area's description, workflow machine and schema
 * with `clientResources`). Every feature's when none claims it.
 */
export const clientResourceNamed = async (name: string): Promise<TClientResource | undefined> => {
  const load = featureResources[`./${featureOfResource.get(name)}/resources.ts`];
  const own = load
    ? (await load()).resources.find((resource) => resource.definition.name === name)
    : undefined;
  if (own) return own;
  const { clientResources } = await import('./clientResources');
  return clientResources.find((resource) => resource.definition.name === name);
};
