import { describe, expect, it } from 'vitest';
import type { EntityDef, ListPageDef } from './types.js';
import { addressListState, listStateSearch } from './listAddress.js';
import { toListRequest } from './listRequest.js';

const entity = {
  name: 'question',
  fields: {
    title: { type: 'string', label: '标题' },
    field: { type: 'string', label: '分类', dict: 'zjwd' },
    stage: { type: 'integer', label: '阶段', dict: 'tzjd', multiple: true },
    publishTime: { type: 'datetime', label: '发布时间' },
  },
} as unknown as EntityDef;
const page = {
  id: 'p',
  kind: 'list',
  entity: 'question',
  source: 'public',
  columns: [{ field: 'title' }],
  filters: [
    { field: 'title', op: 'like' },
    { field: 'field' },
    { field: 'stage' },
    { field: 'publishTime', op: 'range' },
  ],
  sort: { field: 'publishTime', order: 'desc' },
} as unknown as ListPageDef;

describe('a public list in its address', () => {
  it('reads page and filters from the address, by each filter op', () => {
    const state = addressListState(page, entity, {
      page: '3',
      title: '申报',
      field: '2',
      stage: '1,2',
      publishTime: '2026-01-01,',
      other: 'x',
    });
    expect(state).toEqual({
      page: 3,
      pageSize: 10,
      sort: { field: 'publishTime', order: 'desc' },
      filters: { title: '申报', field: '2', stage: [1, 2], publishTime: ['2026-01-01', null] },
    });
    expect(addressListState(page, entity, { page: 'x', title: '  ' })).toMatchObject({ page: 1, filters: {} });
  });

  it('writes the state back as the same address, keeping parameters that are not its own', () => {
    const query = { page: '2', title: '申报 通知', stage: '1,2' };
    const search = listStateSearch(page, entity, addressListState(page, entity, query), new URLSearchParams('x=1'));
    expect(search).toBe('?x=1&title=%E7%94%B3%E6%8A%A5+%E9%80%9A%E7%9F%A5&stage=1%2C2&page=2');
    const back = Object.fromEntries(new URLSearchParams(search));
    expect(toListRequest(addressListState(page, entity, back), page, entity)).toEqual(
      toListRequest(addressListState(page, entity, query), page, entity),
    );
    expect(listStateSearch(page, entity, addressListState(page, entity, {}))).toBe('');
  });
});
