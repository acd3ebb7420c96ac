/**
 * The constants of spec section 9 that the client's machines run on. They sit beside the machines
 * (which import nothing but XState and their siblings); `src/domain/constants.ts` re-exports them,
 * so the constants are still read from one place.
 */
export const noticeTimeoutMs = 5000;
/** A token counts as expired this much before its `exp`. */
export const tokenExpirySkewMs = 500;
export const dataFetchMinDelayMs = 200;
export const bothTokensExpiredMessage =
  'Both token and refresh token have expired. Your request was aborted.';
