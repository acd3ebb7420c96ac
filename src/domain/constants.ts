/** Business constants of spec section 9, in one place (the machines' own sit beside them and are re-exported here). */
export {
  bothTokensExpiredMessage,
  dataFetchMinDelayMs,
  noticeTimeoutMs,
  tokenExpirySkewMs,
} from '../machines/timing';
export const apiPrefix = '/api/v1';
export const authCookiePrefix = 'auth.';
export const accessTokenCookie = `${authCookiePrefix}access_token`;
export const refreshTokenCookie = `${authCookiePrefix}refresh_token`;
export const toastDurationMs = 2000;
export const defaultAccessTokenTtlS = 1800;
export const defaultRefreshTokenTtlS = 2_592_000;
export const defaultRefreshReuseGraceS = 10;
export const progressBar = { throttleMs: 200, durationMs: 5000, hideAfterMs: 500 } as const;
export const reloadGuardMs = 60_000;
export const rowsPerPageOptions = [10, 50, 100, 200, -1] as const;
export const maxPageSize = 1000;
export const imageUploadLimitBytes = 2_000_000;
export const sidebarWidth = 256;
export const sidebarMiniWidth = 56;
export const logoWidthExpanded = 100;
export const logoWidthMini = 50;
export const mobileBreakpoint = 1264;
export const breakpoints = { xs: 600, sm: 960, md: 1280, lg: 1920 } as const;
export const resizeDebounceMs = 200;
export const defaultAppTitle = 'Child Adoption';
/**
 * Sign-in throttle (docs/decisions.md, issue 10): failures within the window, counted per username
 * from one address (the one that locks a guesser out), per address (a guesser trying many usernames;
 * high enough that one office behind NAT is not locked out by its people's typos) and per username
 * from anywhere (a guesser spread over many addresses; much higher, so a stranger cannot lock the
 * rightful user out).
 */
export const signInMaxFailuresPerPair = 10;
export const signInMaxFailuresPerAddress = 50;
export const signInMaxFailuresPerUsername = 100;
export const signInFailureWindowMs = 15 * 60 * 1000;
/**
 * A browser that signed in as a user before holds a device cookie for that user (OWASP, issue 22):
 * it is limited only by its own failures, this many within the window, so strangers' failures from
 * its address or against its username do not lock it out.
 */
export const signInMaxFailuresPerDevice = 10;
export const deviceCookieMaxAgeS = 180 * 24 * 60 * 60;
