import { z } from 'zod';
import type { TResourceDefinition } from '../resource';
import { requiredText, requiredTranslatable } from '../rules';

export const ZProvinceInput = z.object({ code: requiredText(20), name: requiredTranslatable(200) });
export type TProvinceInput = z.infer<typeof ZProvinceInput>;

export const provinceResource = {
  name: 'province',
  permission: 'provinces',
  apiBase: '/provinces',
  routeBase: '/configuration/province',
  schema: ZProvinceInput,
  fields: [
    { key: 'code', kind: 'text', required: true },
    { key: 'name', kind: 'translatable', required: true },
  ],
  columns: [
    { key: 'code', kind: 'text', sortable: true },
    { key: 'name', kind: 'translatable', sortable: true, flex: 2 },
    { key: 'updatedAt', kind: 'date', sortable: true },
  ],
  filters: [],
  defaultSort: 'code',
  // Spec section 6: 'province edit lists none'.
  editPermission: false,
  titleOf: (row) => row.name,
} satisfies TResourceDefinition;
