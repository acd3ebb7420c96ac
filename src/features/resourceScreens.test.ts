import { describe, expect, it } from 'vitest';
import { clientResources } from './clientResources';
import { features } from './featureRegistry';
import { clientResourceNamed, resourceFeatureOf } from './resourceScreens';

const ownFiles = import.meta.glob<{ resources: { definition: { name: string } }[] }>('./*/resources.ts', {
  eager: true,
});

describe('a resource screen finds its resource in its own feature', () => {
  it('every resource with screens is in the file of the feature whose pages list it', () => {
    expect(features.length).toBeGreaterThan(0);
    for (const resource of clientResources) {
      const { name } = resource.definition;
      const feature = resourceFeatureOf(name);
      expect(feature, name).toBeDefined();
      const names = ownFiles[`./${feature}/resources.ts`]?.resources.map((own) => own.definition.name);
      expect(names, name).toContain(name);
    }
  });

  it('answers the same resource as the list of every feature', async () => {
    for (const resource of clientResources) {
      const { name } = resource.definition;
      expect(await clientResourceNamed(name)).toBe(resource);
    }
    expect(await clientResourceNamed('no-such-resource')).toBeUndefined();
  });
});
