import { api } from '@/api/client';
import type { TChildFamilyInput } from '@/domain/childFamily';
import type { TChildFamily } from '@/features/child/family/familyDraft';

/** `/child-infos/family/{id}`, where the id is the CHILD's: a child has at most one family record. */
const familyPath = (childId: number | string) => `/child-infos/family/${encodeURIComponent(String(childId))}`;

/** The child's family, or null while none is recorded; a failure is logged (401 ends the session), then thrown. */
export const fetchChildFamily = async (childId: number | string, signal?: AbortSignal) =>
  (await api<{ data: TChildFamily | null }>(familyPath(childId), { signal, errorMode: 'log' })).data;

/** Records the family (409 when one is already recorded). */
export const createChildFamily = async (childId: number, body: TChildFamilyInput) =>
  (await api<{ data: TChildFamily }>(familyPath(childId), { method: 'POST', body, errorMode: 'throw' })).data;

/** Replaces the parts sent; `version` is the family's as read (stale: 409). */
export const updateChildFamily = async (childId: number, body: TChildFamilyInput & { version: number }) =>
  (await api<{ data: TChildFamily }>(familyPath(childId), { method: 'PATCH', body, errorMode: 'throw' }))
    .data;

/** Removes the family record (refused with 409 when `version` is stale). */
export const removeChildFamily = async (childId: number, version: number) =>
  (
    await api<{ data: { id: number } }>(familyPath(childId), {
      method: 'DELETE',
      query: { version },
      errorMode: 'throw',
    })
  ).data;
