import { describe, expect, it } from 'vitest';
import { routeTable } from '@/app/routeTable';
import { clientResources } from './clientResources';
import { features } from './featureRegistry';

describe('the feature registry', () => {
  it('finds every feature by its folder, each named after it, in menu order', () => {
    const folders = Object.keys(import.meta.glob('./*/index.ts')).map((path) => path.split('/')[1]);
    expect(features.map((feature) => feature.name).sort()).toEqual(folders.sort());
    const orders = features.map((feature) => feature.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(features.map((feature) => feature.name).slice(0, 2)).toEqual(['child', 'parent']);
  });

  it('gives the route table every feature route once, and the palette every feature resource', () => {
    const paths = routeTable.map((entry) => entry.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const feature of features)
      for (const route of feature.routes ?? [])
        expect(paths, `${feature.name} ${route.path}`).toContain(route.path);
    expect(clientResources.map((resource) => resource.definition.name).slice(0, 2)).toEqual([
      'child',
      'parent',
    ]);
  });
});
