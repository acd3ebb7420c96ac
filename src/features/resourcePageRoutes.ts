import { resourceAddresses, type TResourceAddressName } from '@/domain/resourceAddresses';

/**
 * Where each described resource's pages sit: its address (src/domain/resourceAddresses.ts), its
 * area and whether its edit page may open without an id. Apart from the client resources
 * (src/features/clientResources.ts) and the descriptions, so that the route table, which every page
 * loads, carries neither their screens, cards and dialogs nor their zod schemas (issue 11).
 * The client resources take `area` and `editIdOptional` from here (`pageRouteOf`).
 */
const configuration = { key: 'configuration' } as const;
const security = { key: 'security' } as const;
export const resourcePageRoutes = [
  { address: resourceAddresses.child, area: { key: 'records' }, editIdOptional: false },
  { address: resourceAddresses.parent, area: { key: 'records' }, editIdOptional: false },
  { address: resourceAddresses.province, area: configuration, editIdOptional: true },
  { address: resourceAddresses.state, area: configuration, editIdOptional: true },
  { address: resourceAddresses.district, area: configuration, editIdOptional: true },
  { address: resourceAddresses.commune, area: configuration, editIdOptional: true },
  { address: resourceAddresses.village, area: configuration, editIdOptional: true },
  { address: resourceAddresses.organization, area: configuration, editIdOptional: true },
  { address: resourceAddresses.department, area: configuration, editIdOptional: true },
  { address: resourceAddresses.position, area: configuration, editIdOptional: true },
  { address: resourceAddresses.headOffice, area: configuration, editIdOptional: false },
  { address: resourceAddresses.language, area: configuration, editIdOptional: true },
  { address: resourceAddresses.role, area: security, editIdOptional: true },
  { address: resourceAddresses.user, area: security, editIdOptional: true },
  { address: resourceAddresses.systemMenu, area: security, editIdOptional: true },
  { address: resourceAddresses.auditEntry, area: security, editIdOptional: true },
] as const;

/** Children's create and edit pages are guarded by `:update` (spec section 6), not `:write`. */
export const childPagePermission = 'adoptive_children:update';
/** So are parent applications' (spec section 6: `adoptive_parents:update`). */
export const parentPagePermission = 'adoptive_parents:update';

/** The page fields of one resource, by name, for its client resource to spread. */
export const pageRouteOf = (name: TResourceAddressName) => {
  const found = resourcePageRoutes.find((route) => route.address.name === name);
  if (!found) throw new Error(`No page route for the resource ${name}`);
  return { area: found.area, editIdOptional: found.editIdOptional };
};
