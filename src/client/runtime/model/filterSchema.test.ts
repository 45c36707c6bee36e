import type { ListPageDef } from '../../../shared/schema/types.js';
import { fixturePages, noticeEntity as entity, noticeWorkflowDef as wf } from '../__fixtures__/index.js';
import { textOnlyFilters } from './filterSchema.js';

const list = fixturePages.find((p) => p.id === 'fixture/noticeList') as ListPageDef;

describe('textOnlyFilters', () => {
  it('gives the text boxes of a list whose filters are all text (the public lists)', () => {
    const page: ListPageDef = { ...list, filters: [{ field: 'title', op: 'like', label: '标题' }] };
    expect(textOnlyFilters(page, entity, wf)).toEqual([{ field: 'title', label: '标题', placeholder: '请输入' }]);
  });

  it('leaves lists with a select, a status or a date to the Formily filter bar', () => {
    expect(textOnlyFilters(list, entity, wf)).toBeNull();
    for (const field of ['category', 'status', 'publishDate']) {
      expect(textOnlyFilters({ ...list, filters: [{ field: 'title', op: 'like' }, { field }] }, entity, wf)).toBeNull();
    }
  });

  it('gives nothing for a list without filters', () => {
    expect(textOnlyFilters({ ...list, filters: [] }, entity, wf)).toBeNull();
  });
});
