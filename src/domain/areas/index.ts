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
  allAreas().find((area) => area.name === name);
export const areaByEntity = (entity: string): TAreaDefinition | undefined =>
  allAreas().find((area) => area.entity === entity);

/** Areas added at run time (a test's throwaway area): the engines that list every area read `allAreas()`. */
const registered: TAreaDefinition[] = [];

/** Adds an area to the ones the engines list (once by name); returns it. */
export const registerArea = <const A extends TAreaDefinition>(area: A): A => {
  if (!allAreas().some((known) => known.name === area.name)) registered.push(area);
  return area;
};

/** Every area: the list's, then those registered. */
export const allAreas = (): readonly TAreaDefinition[] => [...areas, ...registered];
