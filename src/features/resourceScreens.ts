import type { ComponentType } from 'react';
import type { TClientResource } from '@/components/resource/resourceArea';
import type { TScreenModule } from '@/platform/screenRegistry';
import { features } from './featureRegistry';
import type { TResourceScreenPage } from './featureRoutes';

/** Each feature's described resources, loaded apart (a `() => import(...)` per feature's file). */
const featureResources = import.meta.glob<{ resources: TClientResource[] }>('./*/resources.ts');

/** The feature whose pages list the resource (its `resources.ts` describes it), if one does. */
export const resourceFeatureOf = (name: string): string | undefined =>
  features.find((feature) => feature.resourcePages?.some((page) => page.address.name === name))?.name;

/**
 * One described resource by name, for its screens: only the file of the feature whose pages list
 * it (issue 38: the children list loaded every area's description, workflow machine and schema
 * with `clientResources`). resourceScreens.test.ts holds every resource to its feature's file.
 */
export const clientResourceNamed = async (name: string): Promise<TClientResource | undefined> => {
  const load = featureResources[`./${resourceFeatureOf(name)}/resources.ts`];
  return load ? (await load()).resources.find((resource) => resource.definition.name === name) : undefined;
};

type TScreensOf = (resource: TClientResource) => Partial<Record<TResourceScreenPage, ComponentType>>;

/**
 * The forms' and the duplicates review's modules, each its own `import()` (a ternary of imports made
 * the bundler preload every branch's chunks: the list brought the review's, issue 38). Here, not in
 * the route table: their preload lists would weigh on the sign-in page (issue 11's budget).
 */
const otherScreens: Record<'forms' | 'duplicates', () => Promise<{ screensOf: TScreensOf }>> = {
  forms: () => import('@/components/resource/resourceFormScreens'),
  duplicates: () => import('@/components/duplicates/duplicatesScreen'),
};

/**
 * A resource's screen (featureRoutes.ts `resourceScreen`) from its generic pages' module (the
 * list's, already loading, or the forms' or the review's) and its own feature's description.
 */
export const resourceScreenOf = async (
  name: string,
  page: TResourceScreenPage,
  listScreens: TScreensOf | undefined,
): Promise<TScreenModule> => {
  const forms = page === 'create' || page === 'edit';
  const [screensOf, resource] = await Promise.all([
    listScreens ?? otherScreens[forms ? 'forms' : 'duplicates']().then((module) => module.screensOf),
    clientResourceNamed(name),
  ]);
  if (!resource) throw new Error(`No resource named ${name}`);
  const extras = forms && resource.formExtras ? await resource.formExtras() : {};
  const screen = screensOf({ ...resource, ...extras })[page];
  if (!screen) throw new Error(`No ${page} screen for the resource ${name}`);
  return { default: screen };
};
