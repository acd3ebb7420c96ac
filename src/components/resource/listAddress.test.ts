import { describe, expect, it } from 'vitest';
import { defaultListView, isNarrowed, listViewParams, parseListView, showsView } from './listAddress';

describe('list address', () => {
  it('round-trips page, length, search, sort and filters through the address', () => {
    const view = {
      page: 3,
      length: 50,
      search: 'ភ្នំ',
      sort: 'name',
      order: 'desc' as const,
      filters: { provinceId: 12 },
    };
    const params = new URLSearchParams(listViewParams(view));
    expect(parseListView(params, ['provinceId'])).toEqual(view);
  });

  it('keeps -1 (all) as a rows-per-page choice and refuses other lengths', () => {
    expect(parseListView(new URLSearchParams('length=-1'), []).length).toBe(-1);
    expect(parseListView(new URLSearchParams('length=7'), []).length).toBe(10);
  });

  it('falls back to the default on an unreadable address', () => {
    const params = new URLSearchParams('page=-2&filter=%7Bnot json');
    expect(parseListView(params, [])).toEqual(defaultListView());
  });

  it('ignores filter keys the resource does not have', () => {
    const params = new URLSearchParams({ filter: JSON.stringify({ roleId: 1, provinceId: 2 }) });
    expect(parseListView(params, ['provinceId']).filters).toEqual({ provinceId: 2 });
  });

  it('reads an address with plain parameters (a saved view) as the same view', () => {
    const plain = new URLSearchParams('mine=mine&status=pending&sort=plannedDate&order=asc&other=1');
    const view = parseListView(plain, ['mine', 'status', 'due']);
    expect(view).toEqual({
      ...defaultListView(),
      sort: 'plannedDate',
      order: 'asc',
      filters: { mine: 'mine', status: 'pending' },
    });
    // Once written back in the list's own form, it reads the same.
    expect(parseListView(new URLSearchParams(listViewParams(view)), ['mine', 'status', 'due'])).toEqual(view);
    // The list's own form wins: plain parameters beside it are not read.
    const both = new URLSearchParams({ filter: JSON.stringify({ status: 'confirmed' }), status: 'pending' });
    expect(parseListView(both, ['status']).filters).toEqual({ status: 'confirmed' });
  });

  it('tells whether the list shows a saved view, whatever its page and length', () => {
    const saved = parseListView(new URLSearchParams('mine=mine&status=pending&sort=plannedDate'), [
      'mine',
      'status',
    ]);
    expect(showsView({ ...saved, page: 3, length: 50 }, saved)).toBe(true);
    expect(showsView({ ...saved, filters: { ...saved.filters, status: null } }, saved)).toBe(false);
    expect(showsView({ ...saved, filters: { ...saved.filters, due: 'overdue' } }, saved)).toBe(false);
    expect(showsView({ ...saved, order: 'desc' }, saved)).toBe(false);
    expect(showsView({ ...saved, search: 'x' }, saved)).toBe(false);
    expect(showsView({ ...saved, filters: { mine: 'mine', status: 'pending', due: null } }, saved)).toBe(
      true,
    );
  });

  it('tells whether a search or filter narrows the list', () => {
    expect(isNarrowed(defaultListView())).toBe(false);
    expect(isNarrowed({ ...defaultListView(), search: ' x ' })).toBe(true);
    expect(isNarrowed({ ...defaultListView(), filters: { provinceId: null } })).toBe(false);
  });
});

describe('list address default length', () => {
  it('uses the system setting when the address names no length', () => {
    expect(parseListView(new URLSearchParams(''), [], 50).length).toBe(50);
    expect(parseListView(new URLSearchParams('length=200'), [], 50).length).toBe(200);
  });
});
