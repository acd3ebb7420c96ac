import { describe, expect, it } from 'vitest';
import type { TWorkQueueItem } from '@/domain/workQueue';
import { i18nObject } from '@/i18n/i18n-util';
import { loadAllLocales } from '@/i18n/i18n-util.sync';
import { features } from '../../featureRegistry';
import type { TFeature, TWorkQueueKind } from '../../featureRoutes';
import { mayHaveWorkQueue } from './mayHaveWorkQueue';
import { workQueuePath, workQueueReason } from './WorkQueueList';
import { loadWorkQueueKinds, reasonLook } from './workQueueKinds';

loadAllLocales();
const en = i18nObject('en');
const km = i18nObject('km');

/**
 * The work queue's words and links are a registry the features fill (issue 23): a throwaway
 * feature, registered here only, has its items worded, linked and placed by the list.
 */
const kennelKind: TWorkQueueKind = {
  entity: 'kennel',
  icon: 'bell',
  path: (item) => `/kennels/show/${item.entityId}`,
  reasonText: (_LL, item) => `Visit due since ${item.since}`,
  reasons: { visitDue: { icon: 'clock', className: 'text-slate-700', order: 7, since: false } },
};
const kennelFeature: TFeature = {
  name: 'kennel',
  order: 99,
  workQueue: { readPermission: 'kennels:read', kind: async () => ({ workQueueKind: kennelKind }) },
};

const item = (entity: string, reason: string, extra: Partial<TWorkQueueItem> = {}) =>
  ({
    entity,
    entityId: 4,
    code: 'X-4',
    title: 'T',
    reason,
    status: 's',
    since: '2026-01-02',
    ...extra,
  }) as TWorkQueueItem;

describe('the work queue’s kinds', () => {
  it('word, link and place a throwaway feature’s items beside the registered ones', async () => {
    const kinds = await loadWorkQueueKinds([...features, kennelFeature]);
    expect([...kinds.keys()].sort()).toEqual(['backup', 'kennel', 'matching', 'parent', 'service']);
    const visit = item('kennel', 'visitDue');
    expect(workQueuePath(kinds, visit)).toBe('/kennels/show/4');
    expect(workQueueReason(kinds, en, visit)).toBe('Visit due since 2026-01-02');
    expect(reasonLook(kinds, visit).order).toBe(7);
  });

  it('keep the areas’ links and words', async () => {
    const kinds = await loadWorkQueueKinds(features);
    const decision = item('matching', 'decision', { actions: ['confirm-adoption'] });
    expect(workQueuePath(kinds, decision)).toBe('/adoptive-matching/matching/4');
    expect(workQueuePath(kinds, item('parent', 'approvalExpiring'))).toBe('/adoptive-parents/parents/show/4');
    expect(workQueuePath(kinds, item('service', 'serviceOverdue'))).toBe('/service-after-adoption/show/4');
    expect(workQueueReason(kinds, en, decision)).toBe(
      en.workQueue.decision({ actions: en.areas.matching.workflow.actions.confirmAdoption() }),
    );
    expect(workQueueReason(kinds, km, decision)).toBe(
      km.workQueue.decision({ actions: km.areas.matching.workflow.actions.confirmAdoption() }),
    );
    const order = [
      'decision',
      'nextStep',
      'overdue',
      'serviceOverdue',
      'serviceConcern',
      'approvalExpiring',
      'serviceDueSoon',
    ];
    const entityOf = (reason: string) =>
      reason.startsWith('service') ? 'service' : reason === 'approvalExpiring' ? 'parent' : 'matching';
    expect(order.map((reason) => reasonLook(kinds, item(entityOf(reason), reason)).order)).toEqual([
      0, 1, 2, 3, 4, 5, 6,
    ]);
    expect(reasonLook(kinds, item('matching', 'decision')).awaitsUser).toBe(true);
    // An acceptance asked of another approver (issue 35): a decision, opened on the application.
    const request = item('parent', 'acceptanceRequested', {
      actions: ['approve-acceptance', 'return-acceptance'],
    });
    expect(workQueuePath(kinds, request)).toBe('/adoptive-parents/parents/show/4');
    expect(workQueueReason(kinds, en, request)).toBe('Acceptance to approve: Approve acceptance, Send back');
    expect(workQueueReason(kinds, km, request)).toBe(
      km.workQueue.acceptanceRequested({
        actions: [
          km.areas.parent.workflow.actions.approveAcceptance(),
          km.areas.parent.workflow.actions.returnAcceptance(),
        ].join(', '),
      }),
    );
    expect(reasonLook(kinds, request)).toMatchObject({ order: 0, awaitsUser: true });
    expect(reasonLook(kinds, item('matching', 'overdue')).awaitsUser).toBeFalsy();
  });

  it('open the bell to readers of matchings, applications or services only', () => {
    const user = (permissions: string[]) => ({ username: 'dara', roles: [], permissions });
    expect(mayHaveWorkQueue(user(['post_adoption_services:read']))).toBe(true);
    expect(mayHaveWorkQueue(user(['adoptive_parents:read']))).toBe(true);
    expect(mayHaveWorkQueue(user(['matchings:read']))).toBe(true);
    expect(mayHaveWorkQueue(user(['adoptive_children:read']))).toBe(false);
  });
});
