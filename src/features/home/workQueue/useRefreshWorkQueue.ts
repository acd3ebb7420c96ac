import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { workQueueRefreshAtom } from '@/state/workQueue';

/** Asks the work queue to read again (after a decision was taken, the item leaves it). */
export const useRefreshWorkQueue = () => {
  const bump = useSetAtom(workQueueRefreshAtom);
  return useCallback(() => bump((key) => key + 1), [bump]);
};
