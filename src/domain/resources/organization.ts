import { z } from 'zod';
import type { TResourceDefinition } from '../resource';
import { requiredText, requiredTranslatable } from '../rules';

export const ZOrganizationInput = z.object({ code: requiredText(20), name: requiredTranslatable(200) });
export type TOrganizationInput = z.infer<typeof ZOrganizationInput>;

export const organizationResource = {
  name: 'organization',
  permission: 'organizations',
  apiBase: '/organizations',
  routeBase: '/configuration/organization',
  schema: ZOrganizationInput,
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
  editPermission: true,
  titleOf: (row) => row.name,
} satisfies TResourceDefinition;
