import { matchingArea } from '@/domain/areas/matching.area';
import type { TCompatibilityCheck } from '@/domain/compatibility';
import { api } from '@/platform/api/client';

/** A child or a family free to be matched (`GET /adoptive-matching/adoptive-childs|adoptive-parents`). */
export type TCandidate = {
  id: number;
  code: string;
  nameKh: string | null;
  nameEn: string | null;
  name: { kh: string; en: string };
  /** With the other side given: each criterion, best candidates first. */
  compatibility: TCompatibilityCheck[] | null;
  mismatches: number | null;
  unknowns: number | null;
};

export type TMatchingSide = 'child' | 'parent';

/** The candidates of one side, given the other side's id (then each with its compatibility, best first). */
export const fetchCandidates = async (
  side: TMatchingSide,
  otherId: number | null,
  signal: AbortSignal,
): Promise<TCandidate[]> => {
  const path =
    side === 'child' ? `${matchingArea.apiBase}/adoptive-childs` : `${matchingArea.apiBase}/adoptive-parents`;
  const query = otherId === null ? {} : side === 'child' ? { parentId: otherId } : { childId: otherId };
  return (await api<{ data: TCandidate[] }>(path, { query, signal })).data;
};
