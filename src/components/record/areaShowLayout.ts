import { areaPagePermission, type TAreaDefinition } from '@/domain/areas/area';
import { areaShowTexts } from './areaShowTexts';
import type { TShowLayout } from './showLayout';

/** What an area's record page takes from the area's description unless the layout says otherwise. */
type TAreaDerived = 'idPrefix' | 'editPermission' | 'timelineEntity' | 'texts';

/**
 * An area's record page: its ids (the area's name), the edit page's permission, the timeline of its
 * table and its words come from the area's description; the layout says what the record shows.
 */
export const areaShowLayout = (
  area: TAreaDefinition,
  layout: Omit<TShowLayout, TAreaDerived> & Partial<Pick<TShowLayout, TAreaDerived>>,
): TShowLayout => ({
  idPrefix: area.name,
  editPermission: areaPagePermission(area),
  timelineEntity: area.entity,
  texts: areaShowTexts(area),
  ...layout,
});
