import { describe, expect, it } from 'vitest';
import { clientResources } from './clientResources';
import { resourcePageRoutes } from './resourcePageRoutes';

describe('resource page routes', () => {
  it('give every resource with screens its own address, and no address without screens', () => {
    const described = clientResources.map(({ definition }) => [
      definition.name,
      definition.routeBase,
      definition.permission,
      definition.editPermission,
    ]);
    const routed = resourcePageRoutes.map(({ address }) => [
      address.name,
      address.routeBase,
      address.permission,
      address.editPermission,
    ]);
    expect(described.sort()).toEqual(routed.sort());
  });
});
