import { z } from 'zod';
import type { TResourceDefinition } from '../resource';
import { requiredId, requiredText, requiredTranslatable } from '../rules';

export const ZCommuneInput = z.object({
  code: requiredText(20),
  name: requiredTranslatable(200),
  districtId: requiredId(),
});
export type TCommuneInput = z.infer<typeof ZCommuneInput>;

const provinces = { path: '/districts/provinces' };
const districts = { path: '/communes/districts', dependsOn: 'provinceId', queryKey: 'provinceId' };

export const communeResource = {
  name: 'commune',
  permission: 'communes',
  apiBase: '/communes',
  routeBase: '/configuration/commune',
  schema: ZCommuneInput,
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
    { key: 'districtId', label: 'district', kind: 'lookup', lookup: districts, required: true },
    { key: 'code', kind: 'text', required: true },
    { key: 'name', kind: 'translatable', required: true },
  ],
  columns: [
    { key: 'code', kind: 'text', sortable: true },
    { key: 'name', kind: 'translatable', sortable: true, flex: 2 },
    { key: 'district', path: 'district.name', kind: 'translatable', sortable: true },
    { key: 'province', path: 'province.name', kind: 'translatable', sortable: true },
    { key: 'updatedAt', kind: 'date', sortable: true },
  ],
  filters: [
    { key: 'provinceId', label: 'province', kind: 'lookup', lookup: provinces },
    { key: 'districtId', label: 'district', kind: 'lookup', lookup: districts },
  ],
  defaultSort: 'code',
  editPermission: true,
  titleOf: (row) => row.name,
} satisfies TResourceDefinition;
