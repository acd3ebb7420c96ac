import type { TAreaDefinition } from './area';
import { childArea } from './child.area';
import { matchingArea } from './matching.area';
import { parentArea } from './parent.area';
import { serviceArea } from './service.area';

/** Every record area, in the order the sidebar and the palette list them: the one list of areas. */
export const areas = [
  childArea,
  parentArea,
  matchingArea,
  serviceArea,
] as const satisfies readonly TAreaDefinition[];

export type TAreaName = (typeof areas)[number]['name'];

export const areaByName = (name: string): TAreaDefinition | undefined =>
  areas.find((area) => area.name === name);
export const areaByEntity = (entity: string): TAreaDefinition | undefined =>
  areas.find((area) => area.entity === entity);
