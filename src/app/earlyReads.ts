import { startEarlyRead, type TEarlyRead } from '@/platform/api/earlyRead';

/**
 * Each feature's pages whose data is asked early (`src/features/<feature>/earlyReads.ts`, found by
 * file name), read by the signed-in frame's code: not in the first download, whose size the sign-in
 * page's budget holds (tests/e2e/delivery.spec.ts).
 */
const found = import.meta.glob<{ earlyReads: readonly TEarlyRead[] }>('../features/*/earlyReads.ts', {
  eager: true,
});
const pages = Object.values(found).flatMap((module) => module.earlyReads);

/**
 * A page opened by its address with a stored session asks its data now, with the address's query,
 * while the session is checked and the screen's code comes; the screen takes the answer if it asks
 * the same (src/platform/api/earlyRead.ts).
 */
export const startEarlyReads = ({ pathname, search }: { pathname: string; search: string }): void => {
  const path = pathname.replace(/^\/[a-z]{2}(?=\/|$)/, '').replace(/(.)\/$/, '$1');
  const query = Object.fromEntries(new URLSearchParams(search));
  for (const early of pages) if (early.path === path) startEarlyRead(early.api, query);
};
