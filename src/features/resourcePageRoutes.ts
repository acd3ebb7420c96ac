import { featureResourcePages } from './featureRegistry';

/**
 * Where each described resource's pages sit (its address, area, whether its edit page may open
 * without an id), as the features declare them (src/features/<feature>/index.ts). Apart from the
 * client resources and the descriptions, so that the route table, which every page loads, carries
 * neither their screens nor their zod schemas (issue 11). The client resources take `area` and
 * `editIdOptional` from here (`pageRouteOf`).
 */
export const resourcePageRoutes = featureResourcePages;

/** The page fields of one resource, by name, for its client resource to spread. */
export const pageRouteOf = (name: string) => {
  const found = resourcePageRoutes.find((route) => route.address.name === name);
  if (!found) throw new Error(`No page route for the resource ${name}`);
  return { area: found.area, editIdOptional: found.editIdOptional };
};
