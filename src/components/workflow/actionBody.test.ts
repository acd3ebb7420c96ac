import { describe, expect, it } from 'vitest';
import { childWorkflow } from '@/domain/workflows/child.workflow';
import { parentWorkflow } from '@/domain/workflows/parent.workflow';
import { serviceTextMaxLength, serviceWorkflow } from '@/domain/workflows/service.workflow';
import { actionMaxLength, fieldIdPart, workflowActionBody, workflowActionDefaults } from './actionBody';

const confirm = serviceWorkflow.actions['confirm-service'];
const today = '2026-05-04';

describe('the body of an action dialog', () => {
  it('nests dotted keys: a service recorded sends its findings as one object', () => {
    const values = {
      date: '2026-05-01',
      findings: { health: 'good', schooling: 'concern', integration: 'notAssessed', notes: 'New school.' },
    };
    const body = workflowActionBody(confirm, 7, values);
    expect(body).toEqual(values);
    expect(confirm.body.safeParse(body).success).toBe(true);
  });

  it('leaves out an optional field left empty, nested or not, and keeps a required one to be refused', () => {
    const values = { date: '', findings: { health: 'good', schooling: '', integration: 'good', notes: '' } };
    const body = workflowActionBody(confirm, 7, values);
    expect(body).toEqual({ date: '', findings: { health: 'good', schooling: '', integration: 'good' } });
    const refused = confirm.body.safeParse(body);
    expect(refused.success).toBe(false);
    // The refusal names the nested path: the dialog puts it under that field.
    expect(refused.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'date',
      'findings.schooling',
    ]);
  });

  it('sends flat bodies as before (child, parent): the id when the body asks for it', () => {
    expect(workflowActionBody(childWorkflow.actions['confirm-adoption'], 7, { date: '2026-03-01' })).toEqual({
      id: 7,
      date: '2026-03-01',
    });
    const accept = parentWorkflow.actions['accept-parents-adoption'];
    expect(workflowActionBody(accept, 3, { date: '2026-03-01', approvedUntil: '' })).toEqual({
      date: '2026-03-01',
    });
  });

  it('starts the form nested at the same paths: a required past date at today, the rest empty', () => {
    const defaults = workflowActionDefaults(confirm.fields, (field) => (field.required ? today : ''));
    expect(defaults).toEqual({
      date: today,
      findings: { health: '', schooling: '', integration: '', notes: '' },
    });
    const reject = serviceWorkflow.actions['reject-service'];
    expect(workflowActionDefaults(reject.fields, () => today)).toEqual({ date: today, reason: '' });
  });

  it('finds the longest text at a nested path, past optional and nullable', () => {
    expect(actionMaxLength(confirm, 'findings.notes')).toBe(serviceTextMaxLength);
    expect(actionMaxLength(serviceWorkflow.actions['reject-service'], 'reason')).toBe(serviceTextMaxLength);
    expect(actionMaxLength(confirm, 'date')).toBeUndefined();
    expect(actionMaxLength(confirm, 'findings.unknown')).toBeUndefined();
  });

  it('makes element ids without dots', () => {
    expect(fieldIdPart('findings.health')).toBe('findings-health');
    expect(fieldIdPart('reason')).toBe('reason');
  });
});
