import { describe, expect, it } from 'vitest';
import { loginPath, runGuards, type TGuardContext } from './guards';

const clerk = { username: 'clerk', roles: [{ roleName: 'Clerk' }], permissions: ['adoptive_children:read'] };

const context = (overrides: Partial<TGuardContext> = {}): TGuardContext => ({
  session: 'signedIn',
  user: clerk,
  locale: 'kh',
  currentPath: '/adoptive-child/child',
  redirectQuery: null,
  ...overrides,
});

describe('runGuards', () => {
  it('sends a visitor who is not signed in to the login page of the locale, keeping where they were going', () => {
    expect(
      runGuards(
        ['auth'],
        context({ session: 'signedOut', user: null, locale: 'en', currentPath: '/en/security/role?x=1' }),
      ),
    ).toEqual({
      kind: 'redirect',
      to: '/en/login?redirect=%2Fen%2Fsecurity%2Frole%3Fx%3D1',
    });
  });

  it('waits quietly while the session is still being checked', () => {
    expect(runGuards(['auth'], context({ session: 'pending', user: null }))).toEqual({ kind: 'pending' });
    expect(runGuards(['authenticated'], context({ session: 'pending', user: null }))).toEqual({
      kind: 'pending',
    });
  });

  it('keeps signed-in users off the login page: home of the locale, or the safe redirect', () => {
    expect(runGuards(['authenticated'], context({ locale: 'en' }))).toEqual({ kind: 'redirect', to: '/en' });
    expect(runGuards(['authenticated'], context({ locale: 'kh' }))).toEqual({ kind: 'redirect', to: '/kh' });
    expect(runGuards(['authenticated'], context({ redirectQuery: '/en/adoptive-matching' }))).toEqual({
      kind: 'redirect',
      to: '/en/adoptive-matching',
    });
    expect(runGuards(['authenticated'], context({ redirectQuery: 'https://evil.example' }))).toEqual({
      kind: 'redirect',
      to: '/kh',
    });
  });

  it('lets visitors who are not signed in see the login page', () => {
    expect(runGuards(['authenticated'], context({ session: 'signedOut', user: null }))).toEqual({
      kind: 'allow',
    });
  });

  it('answers 403 to a user lacking the route permission, and lets a holder in', () => {
    expect(runGuards(['auth', 'permission'], context({ permission: 'roles:read' }))).toEqual({
      kind: 'forbidden',
    });
    expect(runGuards(['auth', 'permission'], context({ permission: 'adoptive_children:read' }))).toEqual({
      kind: 'allow',
    });
    expect(
      runGuards(
        ['auth', 'permission'],
        context({ user: { ...clerk, username: 'admin' }, permission: 'roles:read' }),
      ),
    ).toEqual({
      kind: 'allow',
    });
  });

  it('opens developer-only pages to the developer user alone', () => {
    expect(runGuards(['auth', 'developer'], context({ user: { ...clerk, username: 'admin' } }))).toEqual({
      kind: 'forbidden',
    });
    expect(runGuards(['auth', 'developer'], context({ user: { ...clerk, username: 'developer' } }))).toEqual({
      kind: 'allow',
    });
  });

  it('runs guards in order: a signed-out visitor goes to login before any permission check', () => {
    expect(
      runGuards(
        ['auth', 'permission'],
        context({ session: 'signedOut', user: null, permission: 'roles:read' }),
      ).kind,
    ).toBe('redirect');
  });

  it('answers an unknown guard name with its name (the 500 "Unknown middleware {name}")', () => {
    expect(runGuards(['auth', 'sudo'], context())).toEqual({ kind: 'unknownGuard', name: 'sudo' });
    expect(runGuards(['toString'], context())).toEqual({ kind: 'unknownGuard', name: 'toString' });
  });
});

describe('loginPath', () => {
  it('prefixes the locale and drops an unsafe redirect', () => {
    expect(loginPath('kh')).toBe('/kh/login');
    expect(loginPath('en', '//evil.example/x')).toBe('/en/login');
  });
});
