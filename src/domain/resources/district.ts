import { z } from 'zod';
import type { TResourceDefinition } from '../resource';
import { requiredId, requiredText, requiredTranslatable } from '../rules';

export const ZDistrictInput = z.object({
  code: requiredText(20),
  name: requiredTranslatable(200),
  provinceId: requiredId(),
});
export type TDistrictInput = z.infer<typeof ZDistrictInput>;

const provinces = { path: '/districts/provinces' };

export const districtResource = {
  name: 'district',
  permission: 'districts',
  apiBase: '/districts',
  routeBase: '/configuration/district',
  schema: ZDistrictInput,
  fields: [
    { key: 'provinceId', label: 'province', kind: 'lookup', lookup: provinces, required: true },
    { key: 'code', kind: 'text', required: true },
    { key: 'name', kind: 'translatable', required: true },
  ],
  columns: [
    { key: 'code', kind: 'text', sortable: true },
    { key: 'name', kind: 'translatable', sortable: true, flex: 2 },
    { key: 'province', path: 'province.name', kind: 'translatable', sortable: true },
    { key: 'updatedAt', kind: 'date', sortable: true },
  ],
  filters: [{ key: 'provinceId', label: 'province', kind: 'lookup', lookup: provinces }],
  defaultSort: 'code',
  editPermission: true,
  titleOf: (row) => row.name,
} satisfies TResourceDefinition;
