import { describe, expect, it } from 'vitest';
import {
  actionNeedsDate,
  actionNeedsReason,
  childActionKey,
  visibleChildActions,
} from './visibleChildActions';

const user = (permissions: string[], username = 'caseworker') => ({
  username,
  roles: [{ roleName: 'Caseworker' }],
  permissions,
});

describe('visibleChildActions', () => {
  const updater = user(['adoptive_children:read', 'adoptive_children:update']);

  it('offers what the machine allows from the status', () => {
    expect(visibleChildActions('registered', updater)).toEqual([
      'confirm-adoption',
      'long-term',
      'international',
    ]);
    expect(visibleChildActions('adoptable', updater)).toEqual([
      'unconfirmed-adoption',
      'long-term',
      'international',
    ]);
    expect(visibleChildActions('adopted', updater)).toEqual(['re-adoption']);
    expect(visibleChildActions('longTerm', updater)).toEqual(['re-adoption']);
  });

  it('offers nothing while a matching decides, nor from an unknown status', () => {
    expect(visibleChildActions('matched', updater)).toEqual([]);
    expect(visibleChildActions('archived', updater)).toEqual([]);
    expect(visibleChildActions(undefined, updater)).toEqual([]);
  });

  it('offers nothing to a reader without the update permission', () => {
    expect(visibleChildActions('registered', user(['adoptive_children:read']))).toEqual([]);
    expect(visibleChildActions('registered', null)).toEqual([]);
  });

  it('lets the admin act whatever the permissions listed', () => {
    expect(visibleChildActions('adoptable', user([], 'admin'))).toContain('unconfirmed-adoption');
  });
});

describe('action helpers', () => {
  it('names the dictionary key of an action', () => {
    expect(childActionKey('confirm-adoption')).toBe('confirmAdoption');
    expect(childActionKey('unconfirmed-adoption')).toBe('unconfirmedAdoption');
    expect(childActionKey('international')).toBe('international');
    expect(childActionKey('re-adoption')).toBe('reAdoption');
  });

  it('says which dialogs ask for a date and a reason', () => {
    expect(actionNeedsDate('confirm-adoption')).toBe(true);
    expect(actionNeedsReason('confirm-adoption')).toBe(false);
    expect(actionNeedsDate('unconfirmed-adoption')).toBe(false);
    expect(actionNeedsReason('re-adoption')).toBe(true);
  });
});
