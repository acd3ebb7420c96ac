import { describe, expect, it } from 'vitest';
import { bulkFieldDef, bulkFieldSchema, bulkFieldValue, type TBulkField } from './bulkActions';

const days: TBulkField = { key: 'days', kind: 'number', min: -365, max: 365 };
const officer: TBulkField = { key: 'officerId', kind: 'lookup', lookup: { path: '/users/officers' } };

describe('a bulk action field in the form engine', () => {
  it('is described as the resource form describes a required field of its kind', () => {
    expect(bulkFieldDef(officer)).toEqual({
      key: 'officerId',
      kind: 'lookup',
      lookup: { path: '/users/officers' },
      required: true,
    });
    expect(bulkFieldDef(days)).toEqual({ key: 'days', kind: 'number', required: true });
  });

  it('sends what was typed or chosen as a number, nothing typed as none', () => {
    expect(bulkFieldValue(' 14 ')).toBe(14);
    expect(bulkFieldValue('-3')).toBe(-3);
    expect(bulkFieldValue(7)).toBe(7);
    expect(bulkFieldValue('  ')).toBeUndefined();
    expect(bulkFieldValue(null)).toBeUndefined();
  });

  it('checks the value by the rule the server applies', () => {
    expect(bulkFieldSchema(days).safeParse(bulkFieldValue('30')).success).toBe(true);
    expect(bulkFieldSchema(days).safeParse(bulkFieldValue('366')).success).toBe(false);
    expect(bulkFieldSchema(days).safeParse(bulkFieldValue('1.5')).success).toBe(false);
    expect(bulkFieldSchema(officer).safeParse(bulkFieldValue(null)).success).toBe(false);
    expect(bulkFieldSchema(officer).safeParse(4).success).toBe(true);
  });
});
