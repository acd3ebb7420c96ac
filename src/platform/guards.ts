import type { TRouteLocale } from '@/domain/locale';
import { hasPermission, isDeveloper, type TPermissionSubject } from '@/domain/permissions';
import { localizedPath } from './localePath';
import { sanitizeRedirect } from './redirect';

/**
 * The route guards of spec section 6, run in the order a route lists them. Pure: the route element
 * turns the outcome into a redirect, a quiet loading state or an error view.
 */
export type TSessionStatus = 'pending' | 'signedIn' | 'signedOut';

export type TGuardContext = {
  session: TSessionStatus;
  user: TPermissionSubject | null;
  locale: TRouteLocale;
  /** pathname + search of the page being opened (kept as the login page's `redirect`). */
  currentPath: string;
  /** the `redirect` query of the current address, if any. */
  redirectQuery: string | null;
  permission?: string;
};

export type TGuardOutcome =
  | { kind: 'allow' }
  | { kind: 'pending' }
  | { kind: 'redirect'; to: string }
  | { kind: 'forbidden' }
  | { kind: 'unknownGuard'; name: string };

type TGuard = (context: TGuardContext) => TGuardOutcome;

const allow: TGuardOutcome = { kind: 'allow' };

export const loginPath = (locale: TRouteLocale, redirectTo?: string | null): string => {
  const base = localizedPath(locale, '/login');
  const safe = sanitizeRedirect(redirectTo);
  return safe ? `${base}?redirect=${encodeURIComponent(safe)}` : base;
};

const guards: Record<string, TGuard> = {
  auth: (context) => {
    if (context.session === 'pending') return { kind: 'pending' };
    if (context.session === 'signedOut')
      return { kind: 'redirect', to: loginPath(context.locale, context.currentPath) };
    return allow;
  },
  authenticated: (context) => {
    if (context.session === 'pending') return { kind: 'pending' };
    if (context.session === 'signedIn') {
      return {
        kind: 'redirect',
        to: sanitizeRedirect(context.redirectQuery) ?? localizedPath(context.locale, '/'),
      };
    }
    return allow;
  },
  developer: (context) => (isDeveloper(context.user) ? allow : { kind: 'forbidden' }),
  permission: (context) =>
    !context.permission || hasPermission(context.user, context.permission) ? allow : { kind: 'forbidden' },
};

export const runGuards = (names: readonly string[], context: TGuardContext): TGuardOutcome => {
  for (const name of names) {
    const guard = Object.hasOwn(guards, name) ? guards[name] : undefined;
    if (!guard) return { kind: 'unknownGuard', name };
    const outcome = guard(context);
    if (outcome.kind !== 'allow') return outcome;
  }
  return allow;
};
