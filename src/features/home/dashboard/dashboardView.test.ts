import { describe, expect, it } from 'vitest';
import { childArea } from '@/domain/areas/child.area';
import { matchingArea } from '@/domain/areas/matching.area';
import type { TDashboard } from '@/domain/dashboard';
import { i18nObject } from '@/i18n/i18n-util';
import { loadAllLocales } from '@/i18n/i18n-util.sync';
import { barPercent, changeView, hasCards, noRecordsYet, recordPagePath } from './dashboardView';

loadAllLocales();
const en = i18nObject('en');
const kh = i18nObject('km');

const change = (entity: string, action: string, code: string | null = 'C-0001') => ({
  id: 1,
  entity,
  entityId: 7,
  code,
  action,
  at: '2026-11-20T02:00:00.000Z',
  userName: 'Sok Dara',
});

describe('the dashboard in words', () => {
  it('opens a child on its show page and a matching on its working page', () => {
    expect(recordPagePath(childArea, 7)).toBe('/adoptive-child/child/show/7');
    expect(recordPagePath(matchingArea, 7)).toBe('/adoptive-matching/matching/7');
  });

  it("names a change's record type and action as the audit screen does, in both languages", () => {
    expect(changeView(en, change('matching', 'confirm-adoption'))).toEqual({
      kind: en.options.entity.adoptive_matchings(),
      action: en.areas.matching.workflow.actions.confirmAdoption(),
      path: '/adoptive-matching/matching/7',
    });
    const created = changeView(kh, change('child', 'create'));
    expect(created.action).toBe(kh.options.action.create());
    expect(created.kind).toBe(kh.options.entity.child_infos());
  });

  it('gives a deleted record no page to open', () => {
    expect(changeView(en, change('child', 'delete', null)).path).toBeNull();
  });

  const zero = { key: 'registered', value: 0, listPath: '/adoptive-child/child?status=registered' };
  const scope = { office: null };
  const empty: TDashboard['data'] = {
    asOf: '2026-11-20T02:00:00.000Z',
    scope,
    children: { byStatus: [zero] },
  };

  it('says a new installation has no records only when every count is zero', () => {
    expect(noRecordsYet(empty)).toBe(true);
    expect(noRecordsYet({ ...empty, children: { byStatus: [{ ...zero, value: 2 }] } })).toBe(false);
    // Only the work queue and the changes: no counts of records to say anything about.
    expect(
      noRecordsYet({ asOf: empty.asOf, scope, workQueue: { total: 0, totalExact: true }, changes: [] }),
    ).toBe(false);
  });

  it('shows no dashboard to a user whose answer holds no card', () => {
    expect(hasCards({ asOf: empty.asOf, scope })).toBe(false);
    expect(hasCards({ asOf: empty.asOf, scope, changes: [] })).toBe(true);
  });

  it("draws each bar as its share of the card's largest figure", () => {
    expect(barPercent(5, [5, 10, 0])).toBe(50);
    expect(barPercent(0, [0, 0])).toBe(0);
  });
});
