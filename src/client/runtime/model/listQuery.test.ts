import type { ListPageDef } from '../../../shared/schema/types.js';
import { fixturePages, noticeEntity as entity } from '../__fixtures__/index.js';
import { initialListState, listReducer, toListRequest, totalText } from './listQuery.js';

const page = fixturePages.find((p) => p.id === 'fixture/noticeList') as ListPageDef;

describe('list query state', () => {
  it('starts on page 1 with 10 rows and the entity sort', () => {
    expect(initialListState(page, entity)).toEqual({
      page: 1,
      pageSize: 10,
      filters: {},
      sort: { field: 'publishDate', order: 'desc' },
    });
  });
  it('takes the page sort over the entity sort', () => {
    expect(initialListState({ ...page, sort: { field: 'title', order: 'asc' } }, entity).sort).toEqual({
      field: 'title',
      order: 'asc',
    });
  });
  it('goes back to page 1 on a new filter, a new page size or a new sort', () => {
    const s0 = { ...initialListState(page, entity), page: 3 };
    expect(listReducer(s0, { type: 'filter', filters: { title: 'a' } }).page).toBe(1);
    expect(listReducer(s0, { type: 'paginate', page: 3, pageSize: 20 })).toMatchObject({ page: 1, pageSize: 20 });
    expect(listReducer(s0, { type: 'paginate', page: 4, pageSize: 10 }).page).toBe(4);
    expect(listReducer(s0, { type: 'sort', sort: undefined })).toMatchObject({ page: 1, sort: undefined });
    expect(listReducer({ ...s0, filters: { a: 1 } }, { type: 'reset' }, initialListState(page, entity))).toMatchObject({
      page: 1,
      filters: {},
    });
  });
  it('builds the list request with ops from the page, empty filters dropped', () => {
    const s = listReducer(initialListState(page, entity), {
      type: 'filter',
      filters: { title: '  年度 ', category: '', status: '1', publishDate: ['2024-01-01', ''] },
    });
    expect(toListRequest(s, page, entity)).toEqual({
      pageId: 'fixture/noticeList',
      page: 1,
      pageSize: 10,
      sort: { field: 'publishDate', order: 'desc' },
      filters: [
        { field: 'title', op: 'like', value: '年度' },
        { field: 'status', op: 'eq', value: '1' },
        { field: 'publishDate', op: 'range', value: ['2024-01-01', null] },
      ],
    });
  });
  it('adds the page `where` and fixed params as equality filters', () => {
    const s = initialListState(page, entity);
    const req = toListRequest(s, { ...page, where: { status: '1' } }, entity, { category: '2' });
    expect(req.filters).toEqual([
      { field: 'status', op: 'eq', value: '1' },
      { field: 'category', op: 'eq', value: '2' },
    ]);
  });
  it('says the total as SPEC §9 does', () => {
    expect(totalText(37)).toBe('共37条记录');
  });
});
