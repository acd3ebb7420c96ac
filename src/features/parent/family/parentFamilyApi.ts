import { parentArea } from '@/domain/areas/parent.area';
import type { TParentFamily, TParentFamilyMember } from '@/domain/parentFamily';
import { api } from '@/platform/api/client';

/** `GET|POST|PATCH /parent-infos/family/{id}` (the application's id): its household. */
const path = (parentId: string) => `${parentArea.apiBase}/family/${encodeURIComponent(parentId)}`;

export const fetchParentFamily = async (parentId: string, signal?: AbortSignal) =>
  (await api<{ data: TParentFamily | null }>(path(parentId), { signal })).data;

/** Records the household the first time, changes it after (the version read guards a stale change). */
export const saveParentFamily = async (
  parentId: string,
  members: TParentFamilyMember[],
  current: TParentFamily | null,
) =>
  (
    await api<{ data: TParentFamily }>(path(parentId), {
      method: current ? 'PATCH' : 'POST',
      body: current ? { members, version: current.version } : { members },
    })
  ).data;
