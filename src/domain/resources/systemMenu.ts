import { z } from 'zod';
import { developerOnlyPermission } from '../permissions';
import type { TResourceDefinition } from '../resource';
import { resourceAddresses } from '../resourceAddresses';
import { optionalText, requiredTranslatable } from '../rules';
import { permissionNamePattern } from './permission';

/** A route of this app: `/security/user`, never an outside address. */
const ZMenuTarget = optionalText(300).refine((value) => value === '' || /^\/[\w\-/]*$/.test(value), {
  params: { rule: 'routePath' },
});

/**
 * `resource:action` or `for_developer`: the form catches a malformed one at once; the server also
 * refuses a well-formed name nobody holds (a typo would hide the menu from everybody).
 */
const ZMenuPermission = optionalText(100).refine(
  (value) => value === '' || value === developerOnlyPermission || permissionNamePattern.test(value),
  { params: { rule: 'permissionName' } },
);

/** A system menu or sub-menu (spec section 7 'Menus'): what the menu search offers. */
export const ZSystemMenuInput = z.object({
  title: requiredTranslatable(200),
  to: ZMenuTarget.nullable().optional(),
  permission: ZMenuPermission.nullable().optional(),
  sortOrder: z.number().int().min(0).max(100_000),
  icon: optionalText(50).nullable().optional(),
});
export type TSystemMenuInput = z.infer<typeof ZSystemMenuInput>;

/** The top-level system menus; their sub-menus are edited on the menu's page. Developer-only. */
export const systemMenuResource = {
  ...resourceAddresses.systemMenu,
  apiBase: '/admin/system-menu',
  schema: ZSystemMenuInput,
  updateMethod: 'PUT',
  fields: [
    { key: 'title', kind: 'translatable', required: true },
    { key: 'to', kind: 'text', hint: 'toHint' },
    { key: 'permission', kind: 'text', hint: 'permissionHint' },
    { key: 'sortOrder', kind: 'number', required: true, defaultValue: 0 },
    { key: 'icon', kind: 'text' },
  ],
  columns: [
    { key: 'title', kind: 'translatable', sortable: true, flex: 2 },
    { key: 'to', kind: 'text', sortable: true, flex: 2 },
    { key: 'permission', kind: 'text', sortable: true, flex: 2 },
    { key: 'subMenuCount', kind: 'number' },
    { key: 'sortOrder', kind: 'number', sortable: true },
  ],
  filters: [],
  defaultSort: 'sortOrder',
  titleOf: (row) => row.title,
} satisfies TResourceDefinition;
