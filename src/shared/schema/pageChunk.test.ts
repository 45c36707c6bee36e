import { describe, expect, it } from 'vitest';
import { pageChunkOf } from './pageChunk.js';
import type { FormPageDef, ListPageDef } from './types.js';

const latest: ListPageDef = {
  kind: 'list',
  id: 'portal/x.latest',
  entity: 'announcement',
  title: '通知公告',
  source: 'public',
  columns: [{ field: 'title' }],
  pageSize: 5,
  pagination: false,
};
const form: FormPageDef = { kind: 'form', id: 'x.form', entity: 'announcement', title: '编辑', sections: [] };

describe('pageChunkOf', () => {
  it('names the full list page for a list with a pager, filters or actions', () => {
    expect(pageChunkOf({ ...latest, pagination: undefined })).toBe('list');
    expect(pageChunkOf({ ...latest, filters: [{ field: 'title', op: 'like' }] })).toBe('list');
  });

  it('names nothing for a compact list, which the runtime draws itself', () => {
    expect(pageChunkOf(latest)).toBeUndefined();
  });

  it('names the kind of every other page', () => {
    expect(pageChunkOf(form)).toBe('form');
    expect(pageChunkOf({ ...form, kind: 'detail' } as never)).toBe('detail');
  });
});
