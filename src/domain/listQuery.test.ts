import { describe, expect, it } from 'vitest';
import { ZListQueryBase } from './listQuery';

describe('ZListQueryBase', () => {
  it('reads a query string: numbers coerced, search trimmed, search and order defaulted', () => {
    expect(ZListQueryBase.parse({ page: '2', take: '50', search: '  សុខ ', sort: 'code' })).toEqual({
      page: 2,
      take: 50,
      search: 'សុខ',
      sort: 'code',
      order: 'asc',
    });
    expect(ZListQueryBase.parse({ page: '1', take: '10' })).toEqual({
      page: 1,
      take: 10,
      search: '',
      order: 'asc',
    });
  });

  it.each([
    ['page', { page: '0', take: '10' }],
    ['page', { page: '1.5', take: '10' }],
    ['page', { page: 'abc', take: '10' }],
    ['page', { take: '10' }],
    ['take', { page: '1', take: '0' }],
    ['take', { page: '1', take: '1001' }],
    ['search', { page: '1', take: '10', search: 'x'.repeat(201) }],
    ['order', { page: '1', take: '10', order: 'up' }],
  ])('refuses a bad %s (%j), naming the field', (field, query) => {
    const result = ZListQueryBase.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path[0])).toEqual([field]);
  });

  it('accepts the largest page the server serves', () => {
    expect(ZListQueryBase.parse({ page: '1', take: '1000' }).take).toBe(1000);
  });
});
