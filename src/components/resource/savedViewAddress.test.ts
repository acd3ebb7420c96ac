import { describe, expect, it } from 'vitest';
import { columnsParam, parseColumnsParam, type TSavedView } from '@/domain/savedViews';
import { listViewParams, parseListView } from './listAddress';
import { openedView, showsSavedView, viewColumnsOf, viewQueryOf } from './savedViewAddress';

const shape = { filterKeys: ['status'], columnKeys: ['code', 'name', 'status'], defaultLength: 10 };
const saved = (query: string, columns: TSavedView['columns'] = []): TSavedView => ({
  id: 7,
  list: 'child',
  name: 'Adoptable',
  query,
  columns,
  shared: false,
  shipped: false,
  mine: true,
  default: false,
  version: 1,
});

describe('columns in the address', () => {
  it('writes order, hidden and widths compactly and reads back only the list’s columns', () => {
    const columns = [{ id: 'name', width: 240 }, { id: 'code', hidden: true }, { id: 'status' }];
    expect(columnsParam(columns)).toBe('name:240,-code,status');
    expect(parseColumnsParam('name:240,-code,status', shape.columnKeys)).toEqual(columns);
    // Unknown, repeated and malformed parts are dropped; an absurd width is not kept.
    expect(parseColumnsParam('secret,name,name,-,status:5,code;drop', shape.columnKeys)).toEqual([
      { id: 'name' },
      { id: 'status' },
    ]);
  });

  it('keeps the columns and the open view through the list’s own address', () => {
    const params = new URLSearchParams('page=2&length=50&filter={}&columns=status,-code&savedView=7');
    const view = parseListView(params, shape.filterKeys, 10, shape.columnKeys);
    expect(view.columns).toEqual([{ id: 'status' }, { id: 'code', hidden: true }]);
    expect(view.savedViewId).toBe(7);
    expect(listViewParams(view)).toMatchObject({ columns: 'status,-code', savedView: '7' });
  });
});

describe('a saved view and the address', () => {
  it('stores rows per page, search, sort and filters without the page, and no columns when they are the list’s own', () => {
    const view = parseListView(
      new URLSearchParams('page=3&length=50&filter={"status":"adoptable","sort":"name","order":"desc"}'),
      shape.filterKeys,
      10,
      shape.columnKeys,
    );
    expect(new URLSearchParams(viewQueryOf(view)).get('page')).toBeNull();
    expect(viewQueryOf(view)).toBe(
      new URLSearchParams({
        length: '50',
        filter: '{"sort":"name","order":"desc","status":"adoptable"}',
      }).toString(),
    );
    expect(viewColumnsOf({ ...view, columns: [{ id: 'code' }, { id: 'name' }] }, shape.columnKeys)).toEqual(
      [],
    );
  });

  it('opens a view on page 1 and says it is modified once the address differs', () => {
    const view = saved('length=50&filter={"status":"adoptable"}', [{ id: 'code', hidden: true }]);
    const opened = openedView(view, shape);
    expect(opened).toMatchObject({ page: 1, length: 50, filters: { status: 'adoptable' }, savedViewId: 7 });
    expect(showsSavedView({ ...opened, page: 4 }, view, shape)).toBe(true);
    expect(showsSavedView({ ...opened, search: 'Dara' }, view, shape)).toBe(false);
    expect(showsSavedView({ ...opened, columns: undefined }, view, shape)).toBe(false);
    expect(showsSavedView({ ...opened, length: 100 }, view, shape)).toBe(false);
  });

  it('reads a shipped view in plain parameters (My follow-ups) as the list writes it back', () => {
    const view = saved('status=adoptable&sort=name&order=asc');
    const opened = openedView(view, shape);
    const rewritten = parseListView(
      new URLSearchParams(listViewParams(opened)),
      shape.filterKeys,
      10,
      shape.columnKeys,
    );
    expect(showsSavedView(rewritten, view, shape)).toBe(true);
  });
});
