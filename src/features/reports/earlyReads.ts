import type { TEarlyRead } from '@/platform/api/earlyRead';

/**
 * The reports' pages whose answer is asked as the signed-in frame arrives when one is opened by its
 * address (src/app/earlyReads.ts, found by file name): the children's report was the slowest page
 * to paint on a phone (issue 37).
 */
export const earlyReads: readonly TEarlyRead[] = [
  { path: '/reports/child', api: '/reports/children' },
  { path: '/reports/parents', api: '/reports/parents' },
];
