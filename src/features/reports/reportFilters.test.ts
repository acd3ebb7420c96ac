import { describe, expect, it } from 'vitest';
import { apiQueryOf, filtersFromSearch, reportFilterKeys, searchOfFilters } from './reportFilters';

const all = reportFilterKeys;

describe('report filters in the address', () => {
  it('reads every filter the API accepts, and writes them back in a fixed order', () => {
    const filters = filtersFromSearch(
      '?sex=female&provinceId=12&from=2026-01-01&to=2026-06-30&ageBand=3-5&disability=true&headOfficeId=4',
      all,
    );
    expect(filters).toEqual({
      from: '2026-01-01',
      to: '2026-06-30',
      provinceId: '12',
      headOfficeId: '4',
      sex: 'female',
      ageBand: '3-5',
      disability: 'true',
    });
    expect(searchOfFilters(filters, all)).toBe(
      '?from=2026-01-01&to=2026-06-30&provinceId=12&headOfficeId=4&sex=female&ageBand=3-5&disability=true',
    );
  });

  it('drops what the API would refuse, so an edited address still opens the report', () => {
    expect(
      filtersFromSearch('?from=2026-02-30&provinceId=abc&ageBand=18-99&sex=x&disability=maybe', all),
    ).toEqual({});
    expect(filtersFromSearch('?provinceId=-3&to=yesterday', all)).toEqual({});
    // Days outside 1900–2100 (issue 35: `to=9999-12-31` was a 500; the API now refuses it).
    expect(filtersFromSearch('?from=0001-01-01&to=9999-12-31', all)).toEqual({});
  });

  it("keeps only the filters a report shows (the parents' report has no child filters)", () => {
    const parents = ['from', 'to', 'provinceId', 'headOfficeId'] as const;
    const filters = filtersFromSearch('?provinceId=3&sex=male&ageBand=0-2', parents);
    expect(filters).toEqual({ provinceId: '3' });
    expect(searchOfFilters({ provinceId: '3', sex: 'male' }, parents)).toBe('?provinceId=3');
  });

  it('no filter is an empty query, and empty values are not sent', () => {
    expect(searchOfFilters({}, all)).toBe('');
    expect(searchOfFilters({ provinceId: '' }, all)).toBe('');
    expect(apiQueryOf({ provinceId: '5', sex: '' })).toEqual({ provinceId: '5' });
  });
});
