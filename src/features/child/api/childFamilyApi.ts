import { childArea } from '@/domain/areas/child.area';
import type { TChildFamilyInput } from '@/domain/childFamily';
import type { TChildFamily } from '@/features/child/family/familyDraft';
import { api } from '@/platform/api/client';

/** `/child-infos/family/{id}`, where the id is the CHILD's: a child has at most one family record. */
const familyPath = (childId: number | string) =>
  `${childArea.apiBase}/family/${encodeURIComponent(String(childId))}`;

/**
 * The child's family, or null while none is recorded. On the case summary a failure shows the
 * catalogue's view ('view'); the child's form reads it with 'log' and says so in its family section,
 * so what was typed in the form's other fields stays.
 */
export const fetchChildFamily = async (
  childId: number | string,
  signal?: AbortSignal,
  errorMode: 'view' | 'log' = 'view',
) => (await api<{ data: TChildFamily | null }>(familyPath(childId), { signal, errorMode })).data;

/** Records the family (409 when one is already recorded). */
export const createChildFamily = async (childId: number, body: TChildFamilyInput) =>
  (await api<{ data: TChildFamily }>(familyPath(childId), { method: 'POST', body })).data;

/** Replaces the parts sent; `version` is the family's as read (stale: 409). */
export const updateChildFamily = async (childId: number, body: TChildFamilyInput & { version: number }) =>
  (await api<{ data: TChildFamily }>(familyPath(childId), { method: 'PATCH', body })).data;

/** Removes the family record (refused with 409 when `version` is stale). */
export const removeChildFamily = async (childId: number, version: number) =>
  (
    await api<{ data: { id: number } }>(familyPath(childId), {
      method: 'DELETE',
      query: { version },
    })
  ).data;
