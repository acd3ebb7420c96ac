import { z } from 'zod';
import { routeLocales } from '../locale';
import type { TResourceDefinition } from '../resource';
import { resourceAddresses } from '../resourceAddresses';
import { requiredText } from '../rules';

/** One administrator's correction of a UI string: `key` is the dictionary path, e.g. `layout.logout`. */
export const ZLocalizationOverride = z.object({ key: requiredText(200), value: requiredText(2000) });
export type TLocalizationOverride = z.infer<typeof ZLocalizationOverride>;

export const ZLanguageInput = z.object({
  code: z.enum(routeLocales),
  name: requiredText(100),
  localizations: z.array(ZLocalizationOverride).max(2000),
});
export type TLanguageInput = z.infer<typeof ZLanguageInput>;

export const languageResource = {
  ...resourceAddresses.language,
  apiBase: '/languages',
  schema: ZLanguageInput,
  fields: [
    { key: 'code', kind: 'select', options: routeLocales, required: true },
    { key: 'name', kind: 'text', required: true },
    { key: 'localizations', kind: 'localizations' },
  ],
  columns: [
    { key: 'code', kind: 'text', sortable: true },
    { key: 'name', kind: 'text', sortable: true, flex: 2 },
    { key: 'overrides', label: 'localizations', kind: 'number' },
    { key: 'updatedAt', kind: 'date', sortable: true },
  ],
  filters: [],
  defaultSort: 'code',
  titleOf: (row) => row.name,
} satisfies TResourceDefinition;
