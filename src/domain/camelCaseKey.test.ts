import { describe, expect, it } from 'vitest';
import { camelCaseKey } from './camelCaseKey';

describe('camelCaseKey', () => {
  it('turns a kebab-case action name into its dictionary key', () => {
    expect(camelCaseKey('confirm-adoption')).toBe('confirmAdoption');
    expect(camelCaseKey('unconfirmed-adoption')).toBe('unconfirmedAdoption');
    expect(camelCaseKey('accept-parents-adoption')).toBe('acceptParentsAdoption');
    expect(camelCaseKey('un-accept-parents-adoption')).toBe('unAcceptParentsAdoption');
    expect(camelCaseKey('re-adoption')).toBe('reAdoption');
    expect(camelCaseKey('child-keep-approve')).toBe('childKeepApprove');
  });

  it('leaves a name without a dash as it is', () => {
    expect(camelCaseKey('international')).toBe('international');
    expect(camelCaseKey('MATCHED')).toBe('MATCHED');
    expect(camelCaseKey('MATCHING_COMPLETED')).toBe('MATCHING_COMPLETED');
    expect(camelCaseKey('')).toBe('');
  });
});
