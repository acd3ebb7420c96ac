import type { TSessionStatus } from './guards';

/**
 * What the guards see of the session machine's state. While the machine is still finding out
 * (checking, loading the user, refreshing before a user is known, signing out) the app shows a quiet
 * loading state instead of the login page. Loading the user right after the login form was sent
 * counts as signed out, so the form stays on screen (with its pending button) until the user is in.
 */
export const sessionStatus = (state: string, hasUser: boolean, afterSignIn: boolean): TSessionStatus => {
  switch (state) {
    case 'signedIn':
      return hasUser ? 'signedIn' : 'pending';
    case 'refreshing':
      return hasUser ? 'signedIn' : 'pending';
    case 'signedOut':
    case 'expired':
    case 'signingIn':
      return 'signedOut';
    case 'loadingUser':
      // Reloading a known user (after a token refresh) keeps the screen: unmounting it would lose
      // the work on it.
      if (hasUser) return 'signedIn';
      return afterSignIn ? 'signedOut' : 'pending';
    default:
      return 'pending';
  }
};
