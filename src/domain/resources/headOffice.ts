import { z } from 'zod';
import type { TResourceDefinition } from '../resource';
import { resourceAddresses } from '../resourceAddresses';
import { optionalText, requiredId, requiredText, requiredTranslatable } from '../rules';

export const headOfficeClasses = ['national', 'provincial'] as const;
export type THeadOfficeClass = (typeof headOfficeClasses)[number];

export const ZHeadOfficeInput = z.object({
  code: requiredText(20),
  name: requiredTranslatable(200),
  class: z.enum(headOfficeClasses),
  provinceId: requiredId(),
  phone: optionalText(40).optional(),
  address: optionalText(500).optional(),
});
export type THeadOfficeInput = z.infer<typeof ZHeadOfficeInput>;

const provinces = { path: '/head-offices/provinces' };

export const headOfficeResource = {
  ...resourceAddresses.headOffice,
  apiBase: '/head-offices',
  schema: ZHeadOfficeInput,
  fields: [
    { key: 'code', kind: 'text', required: true },
    { key: 'name', kind: 'translatable', required: true },
    { key: 'class', kind: 'select', options: headOfficeClasses, required: true },
    { key: 'provinceId', label: 'province', kind: 'lookup', lookup: provinces, required: true },
    { key: 'phone', kind: 'text' },
    { key: 'address', kind: 'textarea' },
  ],
  columns: [
    { key: 'code', kind: 'text', sortable: true },
    { key: 'name', kind: 'translatable', sortable: true, flex: 2 },
    { key: 'class', kind: 'option', sortable: true },
    { key: 'province', path: 'province.name', kind: 'translatable', sortable: true },
    { key: 'phone', kind: 'text' },
  ],
  filters: [
    { key: 'class', label: 'class', kind: 'select', options: headOfficeClasses },
    { key: 'provinceId', label: 'province', kind: 'lookup', lookup: provinces },
  ],
  defaultSort: 'code',
  titleOf: (row) => row.name,
} satisfies TResourceDefinition;
