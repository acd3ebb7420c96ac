import { systemMenuResource } from '@/domain/resources/systemMenu';
import type { TTranslatable } from '@/domain/translatable';
import { api } from '@/platform/api/client';
import type { TResourceRow } from '@/platform/api/resources';

/** A sub-menu as `/admin/system-menu/show-sub-menu/{id}` answers it. */
export type TSubMenu = TResourceRow & {
  parentId: number | null;
  title: TTranslatable;
  to: string | null;
  permission: string | null;
  sortOrder: number;
  icon: string | null;
};

const base = systemMenuResource.apiBase;

/**
 * The calls of spec section 7 'Menus' for sub-menus. The first read is the page's (its failure
 * shows the catalogue's view); a refresh after a write only logs, so the menu's form beside it
 * stays with what was typed. The writes' failures are the caller's to say.
 */
export const fetchSubMenus = (menuId: number, errorMode: 'view' | 'log' = 'view') =>
  api<{ data: TSubMenu[] }>(`${base}/show-sub-menu/${menuId}`, { errorMode }).then((r) => r.data);

export const createSubMenu = (menuId: number, body: Record<string, unknown>) =>
  api<{ data: TSubMenu }>(`${base}/create-sub-system/${menuId}`, {
    method: 'POST',
    body,
  }).then((r) => r.data);

export const updateSubMenu = (id: number, body: Record<string, unknown> & { version: number }) =>
  api<{ data: TSubMenu }>(`${base}/update-sub-menu/${id}`, { method: 'PUT', body }).then((r) => r.data);

export const deleteSubMenu = (id: number) =>
  api<{ data: TSubMenu }>(`${base}/delete-sub-menu/${id}`, { method: 'POST' });
