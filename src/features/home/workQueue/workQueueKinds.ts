import { useEffect, useState } from 'react';
import type { TWorkQueueItem } from '@/domain/workQueue';
import { features } from '../../featureRegistry';
import type { TWorkQueueKind, TWorkQueueReasonLook } from '../../featureRoutes';

/** The kinds by entity, once loaded (they come with the bell, not with the route table). */
export type TWorkQueueKinds = ReadonlyMap<string, TWorkQueueKind>;

/** Loads the kinds the given features register (`feature.workQueue`), keyed by the items' entity. */
export const loadWorkQueueKinds = async (
  from: readonly { workQueue?: { kind: () => Promise<{ workQueueKind: TWorkQueueKind }> } }[],
): Promise<TWorkQueueKinds> => {
  const modules = await Promise.all(
    from.flatMap((feature) => (feature.workQueue ? [feature.workQueue.kind()] : [])),
  );
  return new Map(modules.map(({ workQueueKind }) => [workQueueKind.entity, workQueueKind]));
};

let loaded: TWorkQueueKinds | null = null;
let loading: Promise<TWorkQueueKinds> | null = null;

/**
 * The work queue's kinds, from every feature that registers one: null until loaded (the list says
 * it is loading). A kind that fails to load leaves its items in plain words.
 */
export const useWorkQueueKinds = (): TWorkQueueKinds | null => {
  const [kinds, setKinds] = useState(loaded);
  useEffect(() => {
    if (kinds) return;
    let current = true;
    loading ??= loadWorkQueueKinds(features).then(
      (found) => {
        loaded = found;
        return found;
      },
      () => {
        loading = null;
        return new Map();
      },
    );
    void loading.then((found) => current && setKinds(found));
    return () => {
      current = false;
    };
  }, [kinds]);
  return kinds;
};

/** An item whose kind is not registered: shown plainly, last. */
const plainLook: TWorkQueueReasonLook = {
  icon: 'clock',
  className: 'text-slate-700 dark:text-slate-300',
  order: Number.MAX_SAFE_INTEGER,
  since: true,
};

/** An item's reason as its kind shows it. */
export const reasonLook = (kinds: TWorkQueueKinds, item: TWorkQueueItem): TWorkQueueReasonLook =>
  kinds.get(item.entity)?.reasons[item.reason] ?? plainLook;
