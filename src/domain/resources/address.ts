import { z } from 'zod';
import type { TResourceDefinition } from '../resource';
import { optionalText, requiredId } from '../rules';

const optionalId = () => requiredId().nullable().optional();

/** A postal address (spec section 7 lists its calls; it has no screen of its own). */
export const ZAddressInput = z.object({
  provinceId: optionalId(),
  districtId: optionalId(),
  communeId: optionalId(),
  villageId: optionalId(),
  detail: optionalText(500).optional(),
});
export type TAddressInput = z.infer<typeof ZAddressInput>;

export const addressResource = {
  name: 'address',
  permission: 'addresses',
  apiBase: '/addresses',
  schema: ZAddressInput,
  fields: [
    { key: 'provinceId', label: 'province', kind: 'lookup', lookup: { path: '/districts/provinces' } },
    { key: 'detail', kind: 'textarea' },
  ],
  columns: [
    { key: 'id', kind: 'number', sortable: true },
    { key: 'detail', kind: 'text', sortable: true, flex: 2 },
  ],
  filters: [],
  defaultSort: 'id',
  editPermission: true,
  titleOf: (row) => row.detail,
} satisfies TResourceDefinition;
