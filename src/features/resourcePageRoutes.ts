import { childResource } from '@/domain/resources/child';
import { roleResource } from '@/domain/resources/role';
import { systemMenuResource } from '@/domain/resources/systemMenu';
import { userResource } from '@/domain/resources/user';
import { configurationResources } from './configuration/configurationResources';

/**
 * What the route table needs of each described resource: its description, area and whether its
 * edit page may open without an id. Kept apart from the client resources (src/features/clientResources.ts)
 * so that the route table, which every page loads, does not carry their screens, cards and dialogs
 * (issue 11: the sign-in page downloaded the child form's date picker and dialogs).
 * The client resources take these fields from here (`pageRouteOf`).
 */
export const resourcePageRoutes = [
  { definition: childResource, area: { key: 'records' }, editIdOptional: false },
  ...configurationResources.map(({ definition, area, editIdOptional }) => ({
    definition,
    area,
    editIdOptional,
  })),
  { definition: roleResource, area: { key: 'security' }, editIdOptional: true },
  { definition: userResource, area: { key: 'security' }, editIdOptional: true },
  { definition: systemMenuResource, area: { key: 'security' }, editIdOptional: true },
] as const;

/** Children's create and edit pages are guarded by `:update` (spec section 6), not `:write`. */
export const childPagePermission = 'adoptive_children:update';

/** The route fields of one resource, by name, for its client resource to spread. */
export const pageRouteOf = (name: string) => {
  const found = resourcePageRoutes.find((route) => route.definition.name === name);
  if (!found) throw new Error(`No page route for the resource ${name}`);
  return found;
};
