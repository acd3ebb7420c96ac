/**
 * Link prefetch (spec section 2 'Top bar'): skipped when offline or on a slow 2g connection.
 * Pure decision, unit-tested; the Link component calls the route's loader on hover/focus.
 */
export type TNetworkInfo = { onLine: boolean; effectiveType?: string | null; saveData?: boolean | null };

export const canPrefetch = (network: TNetworkInfo): boolean => {
  if (!network.onLine) return false;
  if (network.saveData) return false;
  return network.effectiveType !== 'slow-2g' && network.effectiveType !== '2g';
};

type TNavigatorWithConnection = Navigator & { connection?: { effectiveType?: string; saveData?: boolean } };

export const browserNetworkInfo = (): TNetworkInfo => {
  const nav = navigator as TNavigatorWithConnection;
  return {
    onLine: nav.onLine,
    effectiveType: nav.connection?.effectiveType,
    saveData: nav.connection?.saveData,
  };
};
