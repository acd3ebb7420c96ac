import { z } from 'zod';
import type { TResourceDefinition } from '../resource';
import { requiredId, requiredText, requiredTranslatable } from '../rules';

export const ZStateInput = z.object({
  code: requiredText(20),
  name: requiredTranslatable(200),
  countryId: requiredId(),
});
export type TStateInput = z.infer<typeof ZStateInput>;

const countries = { path: '/states/countries' };

export const stateResource = {
  name: 'state',
  permission: 'states',
  apiBase: '/states',
  routeBase: '/configuration/state',
  schema: ZStateInput,
  fields: [
    { key: 'code', kind: 'text', required: true },
    { key: 'name', kind: 'translatable', required: true },
    { key: 'countryId', label: 'country', kind: 'lookup', lookup: countries, required: true },
  ],
  columns: [
    { key: 'code', kind: 'text', sortable: true },
    { key: 'name', kind: 'translatable', sortable: true, flex: 2 },
    { key: 'country', path: 'country.name', kind: 'translatable', sortable: true },
    { key: 'updatedAt', kind: 'date', sortable: true },
  ],
  filters: [{ key: 'countryId', label: 'country', kind: 'lookup', lookup: countries }],
  defaultSort: 'code',
  editPermission: true,
  titleOf: (row) => row.name,
} satisfies TResourceDefinition;
