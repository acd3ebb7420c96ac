import { describe, expect, it } from 'vitest';
import { i18nObject } from '../i18n/i18n-util';
import { loadAllLocales } from '../i18n/i18n-util.sync';
import { newServiceLink } from './newServiceLink';
import type { TPermissionSubject } from './permissions';

loadAllLocales();
const en = i18nObject('en');
const user = (permissions: string[]): TPermissionSubject => ({
  username: 'dara',
  roles: [{ roleName: 'Caseworker' }],
  permissions,
});
const writer = user(['post_adoption_services:write', 'post_adoption_services:update']);

describe("'New follow-up' on a child's and a matching's page", () => {
  it('opens the new service page with an adopted child chosen', () => {
    expect(newServiceLink('child', { id: 12, status: 'adopted' }, en, writer)).toEqual([
      {
        id: 'new-service',
        title: 'New follow-up for this child',
        icon: 'service',
        path: '/service-after-adoption/create?childId=12',
      },
    ]);
  });

  it('opens it for a completed matching, naming the matching', () => {
    expect(newServiceLink('matching', { id: 5, status: 'completed' }, en, writer)[0]?.path).toBe(
      '/service-after-adoption/create?matchingId=5',
    );
  });

  it('is not offered before the adoption, nor to a user who may not open the page and save', () => {
    expect(newServiceLink('child', { id: 12, status: 'adoptable' }, en, writer)).toEqual([]);
    expect(newServiceLink('matching', { id: 5, status: 'keepRequested' }, en, writer)).toEqual([]);
    expect(
      newServiceLink('child', { id: 12, status: 'adopted' }, en, user(['post_adoption_services:update'])),
    ).toEqual([]);
    expect(
      newServiceLink('child', { id: 12, status: 'adopted' }, en, user(['post_adoption_services:write'])),
    ).toEqual([]);
    expect(newServiceLink('child', { id: 12, status: 'adopted' }, en, null)).toEqual([]);
  });
});
