import { z } from 'zod';
import type { TResourceDefinition } from '../resource';
import { requiredId, requiredText, requiredTranslatable } from '../rules';

export const ZVillageInput = z.object({
  code: requiredText(20),
  name: requiredTranslatable(200),
  communeId: requiredId(),
});
export type TVillageInput = z.infer<typeof ZVillageInput>;

const provinces = { path: '/districts/provinces' };
const districts = { path: '/communes/districts', dependsOn: 'provinceId', queryKey: 'provinceId' };
const communes = { path: '/villages/communes', dependsOn: 'districtId', queryKey: 'districtId' };

export const villageResource = {
  name: 'village',
  permission: 'villages',
  apiBase: '/villages',
  routeBase: '/configuration/village',
  schema: ZVillageInput,
  fields: [
    {
      key: 'provinceId',
      label: 'province',
      kind: 'lookup',
      lookup: provinces,
      virtual: true,
      from: 'province.id',
      required: true,
    },
    {
      key: 'districtId',
      label: 'district',
      kind: 'lookup',
      lookup: districts,
      virtual: true,
      from: 'district.id',
      required: true,
    },
    { key: 'communeId', label: 'commune', kind: 'lookup', lookup: communes, required: true },
    { key: 'code', kind: 'text', required: true },
    { key: 'name', kind: 'translatable', required: true },
  ],
  columns: [
    { key: 'code', kind: 'text', sortable: true },
    { key: 'name', kind: 'translatable', sortable: true, flex: 2 },
    { key: 'commune', path: 'commune.name', kind: 'translatable', sortable: true },
    { key: 'district', path: 'district.name', kind: 'translatable' },
    { key: 'province', path: 'province.name', kind: 'translatable' },
  ],
  filters: [
    { key: 'provinceId', label: 'province', kind: 'lookup', lookup: provinces },
    { key: 'districtId', label: 'district', kind: 'lookup', lookup: districts },
    { key: 'communeId', label: 'commune', kind: 'lookup', lookup: communes },
  ],
  defaultSort: 'code',
  editPermission: true,
  titleOf: (row) => row.name,
} satisfies TResourceDefinition;
