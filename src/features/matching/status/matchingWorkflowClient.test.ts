import { describe, expect, it } from 'vitest';
import { systemSettingDefaults } from '@/domain/systemSettings';
import { i18nObject } from '@/i18n/i18n-util';
import { loadAllLocales } from '@/i18n/i18n-util.sync';
import { matchingWorkflowClient } from './matchingWorkflowClient';

loadAllLocales();
const en = i18nObject('en');

/**
 * The matching page's locked decision (four-eyes, DESIGN.md section 4): shown with its reason to the
 * user who took the matching's last step that was not a decision, a super user too; not to another.
 */
const superUser = {
  id: 1,
  name: 'Admin',
  username: 'admin',
  roles: [{ id: 1, roleName: 'Super Admin' }],
  permissions: [],
};
const other = {
  id: 2,
  name: 'Sok',
  username: 'sok',
  roles: [{ id: 2, roleName: 'Supervisor' }],
  permissions: [],
};
const proposedByAdmin = { id: 9, version: 1, status: 'proposed', lastAskedAction: 'propose', lastAskedBy: 1 };
const refusal = matchingWorkflowClient.refusal;
const settings = systemSettingDefaults;

describe('the locked decision on a matching’s page', () => {
  it('locks a decision for the super user who proposed it, naming the proposal', () => {
    expect(refusal?.('confirm-adoption', proposedByAdmin, superUser, settings, en)).toBe(
      en.workflow.fourEyesRefused({ step: en.areas.matching.workflow.actions.propose() }),
    );
  });

  it('leaves it to another user, and to anyone with four-eyes off; never locks a step that is not a decision', () => {
    expect(refusal?.('confirm-adoption', proposedByAdmin, other, settings, en)).toBeNull();
    expect(
      refusal?.('confirm-adoption', proposedByAdmin, superUser, { ...settings, fourEyes: false }, en),
    ).toBeNull();
    expect(refusal?.('pending-adoption', proposedByAdmin, superUser, settings, en)).toBeNull();
  });
});
