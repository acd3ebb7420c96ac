import { describe, expect, it } from 'vitest';
import { workflowActionBody } from '@/components/workflow/actionBody';
import { visibleWorkflowActions } from '@/components/workflow/visibleWorkflowActions';
import { camelCaseKey } from '@/domain/camelCaseKey';
import { childWorkflow } from '@/domain/workflows/child.workflow';

const visibleChildActions = (status: unknown, user: Parameters<typeof visibleWorkflowActions>[2]) =>
  visibleWorkflowActions(childWorkflow, status, user);

const user = (permissions: string[], username = 'caseworker') => ({
  username,
  roles: [{ roleName: 'Caseworker' }],
  permissions,
});

describe('visibleWorkflowActions, for the child', () => {
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
    expect(camelCaseKey('confirm-adoption')).toBe('confirmAdoption');
    expect(camelCaseKey('unconfirmed-adoption')).toBe('unconfirmedAdoption');
    expect(camelCaseKey('international')).toBe('international');
    expect(camelCaseKey('re-adoption')).toBe('reAdoption');
  });

  it('asks in each dialog what the action table lists, and sends the spec’s bodies', () => {
    const fieldsOf = (action: string) =>
      childWorkflow.actions[action as 'international'].fields.map((f) => f.key);
    expect(fieldsOf('confirm-adoption')).toEqual(['date']);
    expect(fieldsOf('unconfirmed-adoption')).toEqual(['reason']);
    for (const action of ['long-term', 'international', 're-adoption'])
      expect(fieldsOf(action)).toEqual(['date', 'reason']);
    const values = { date: '2026-03-01', reason: 'why' };
    // Spec section 3: confirm `{ id, date }`; unconfirm `{ reason }` (DESIGN.md section 4), the others `{ date, reason }`.
    expect(workflowActionBody(childWorkflow.actions['confirm-adoption'], 7, values)).toEqual({
      id: 7,
      date: '2026-03-01',
    });
    expect(workflowActionBody(childWorkflow.actions['unconfirmed-adoption'], 7, values)).toEqual({
      reason: 'why',
    });
    expect(workflowActionBody(childWorkflow.actions['long-term'], 7, values)).toEqual(values);
  });
});
