import { describe, expect, it } from 'vitest';
import { sessionStatus } from './sessionStatus';

describe('sessionStatus: what the guards see of the session machine', () => {
  it('shows a quiet loading state (not the login page) while the session is being found out', () => {
    expect(sessionStatus('checking', false, false)).toBe('pending');
    expect(sessionStatus('loadingUser', false, false)).toBe('pending');
    expect(sessionStatus('refreshing', false, false)).toBe('pending');
    expect(sessionStatus('signingOut', true, false)).toBe('pending');
  });

  it('keeps a signed-in user in while the tokens refresh in the background', () => {
    expect(sessionStatus('signedIn', true, false)).toBe('signedIn');
    expect(sessionStatus('refreshing', true, false)).toBe('signedIn');
    // The refresh goes on to reload the user (new permissions, a new name): the screen stays.
    expect(sessionStatus('loadingUser', true, false)).toBe('signedIn');
  });

  it('keeps the login form on screen while signing in and loading the user after it', () => {
    expect(sessionStatus('signingIn', false, true)).toBe('signedOut');
    expect(sessionStatus('loadingUser', false, true)).toBe('signedOut');
  });

  it('treats signed out and expired sessions as signed out', () => {
    expect(sessionStatus('signedOut', false, false)).toBe('signedOut');
    expect(sessionStatus('expired', false, false)).toBe('signedOut');
  });
});
