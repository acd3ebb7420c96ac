import { features } from '@/features/featureRegistry';
import { startEarlyRead } from '@/platform/api/earlyRead';

/**
 * A page opened by its address whose feature names an early read (`TFeature.earlyReads`) asks for
 * its data now, with the address's query, before the session is confirmed and the screen's code has
 * arrived; the screen takes the answer if it asks the same (src/platform/api/earlyRead.ts).
 */
export const startEarlyReads = ({ pathname, search }: { pathname: string; search: string }): void => {
  const path = pathname.replace(/^\/[a-z]{2}(?=\/|$)/, '').replace(/(.)\/$/, '$1');
  const query = Object.fromEntries(new URLSearchParams(search));
  for (const feature of features)
    for (const early of feature.earlyReads ?? []) if (early.path === path) startEarlyRead(early.api, query);
};
