import { createHttpDataProvider, normaliseOptions, type HttpLike } from './dataProvider.js';

function fakeHttp(answers: Record<string, unknown> = {}) {
  const calls: { path: string; body: unknown; options: unknown }[] = [];
  const http: HttpLike = {
    post: async <T,>(path: string, body?: unknown, options?: unknown) => { calls.push({ path, body, options }); return (answers[path] ?? null) as T; },
    read: async <T,>(path: string, body: unknown, options?: unknown) => { calls.push({ path, body, options: options ? ['GET', options] : 'GET' }); return (answers[path] ?? null) as T; },
    download: async (path, options) => { calls.push({ path, body: options?.body, options }); return { fileName: 'x.xlsx' }; },
  };
  return { http, calls };
}

describe('http data provider', () => {
  it('calls the engine endpoints of the brief', async () => {
    const { http, calls } = fakeHttp({ 'resource/notice/log': { list: [{ id: 'l1' }] } });
    const p = createHttpDataProvider(http);
    await p.getPage('information/announcementList');
    await p.getList('notice', { page: 2, pageSize: 10, filters: [] });
    await p.getOne('notice', 'a1');
    await p.save('notice', { id: 'a1', version: 2, title: 't' });
    await p.remove('notice', ['a1', 'a2']);
    await p.transition('notice', { id: 'a1', action: 'publish', version: 2 });
    expect(await p.getLog('notice', 'a1')).toEqual([{ id: 'l1' }]);
    await p.getPublicList('notice', { page: 1, pageSize: 10 });
    await p.getPublicOne('notice', 'a1');
    await p.exportFile('notice', { pageId: 'p1', filters: [{ field: 'title', op: 'like', value: 'x' }] });
    await p.downloadFile({ id: 7, fileName: 'a.pdf' });
    await p.exportFile('notice', { filters: [], format: 'csv' });
    expect(calls.map((c) => [c.path, c.body])).toEqual([
      ['schema/page', { id: 'information/announcementList' }],
      ['resource/notice/list', { page: 2, pageSize: 10, filters: [] }],
      ['resource/notice/get', { id: 'a1' }],
      ['resource/notice/save', { id: 'a1', version: 2, title: 't' }],
      ['resource/notice/delete', { ids: ['a1', 'a2'] }],
      ['resource/notice/transition', { id: 'a1', action: 'publish', version: 2 }],
      ['resource/notice/log', { id: 'a1' }],
      ['public/notice/list', { page: 1, pageSize: 10 }],
      ['public/notice/get', { id: 'a1' }],
      ['resource/notice/export', { pageId: 'p1', filters: [{ field: 'title', op: 'like', value: 'x' }] }],
      ['file/download', undefined],
      ['resource/notice/export', { filters: [], format: 'csv' }],
    ]);
    expect(calls[10].options).toEqual({ method: 'GET', params: { id: 7 }, fileName: 'a.pdf' });
    // A refused page schema is said by the page (the 403 page), not by a message beside it too.
    expect(calls[0].options).toEqual({ silent: true, loading: true });
    // Public reads go by GET, which browsers keep and revalidate.
    // A missing record is said by the page itself (内容不存在或已撤下): its read shows no toast over it.
    expect([calls[7].options, calls[8].options]).toEqual(['GET', ['GET', { silent: true }]]);
    expect(calls[9].options).toMatchObject({ method: 'POST' });
  });
  it('uses the anonymous dictionary endpoint when logged out, the type as a query parameter', async () => {
    const { http, calls } = fakeHttp({ 'home/getDicListByType': [{ name: '甲', id: 1 }], 'dic/getDicListByType': [{ text: '乙', value: '2' }] });
    const p = createHttpDataProvider(http);
    expect(await p.getDictionary('hyly', true)).toEqual([{ value: '1', text: '甲' }]);
    expect(await p.getDictionary('hyly', false)).toEqual([{ value: '2', text: '乙' }]);
    expect(calls.map((c) => [c.path, c.options])).toEqual([
      ['home/getDicListByType', { params: { type: 'hyly' } }],
      ['dic/getDicListByType', { params: { type: 'hyly' } }],
    ]);
  });
  it('checks dictionary versions silently', async () => {
    const { http, calls } = fakeHttp({ 'dic/versions': { hyly: 3 } });
    expect(await createHttpDataProvider(http).getDictionaryVersions()).toEqual({ hyly: 3 });
    expect(calls[0].options).toEqual({ silent: true });
  });
});

describe('normaliseOptions', () => {
  it('accepts text|name and value|id, drops options without a value, keeps colours', () => {
    expect(normaliseOptions([{ text: 'a', value: 1, color: 'red' }, { name: 'b', id: '2' }, { text: 'c' }, null])).toEqual([
      { value: '1', text: 'a', color: 'red' }, { value: '2', text: 'b' },
    ]);
    expect(normaliseOptions({ list: [{ text: 'a', value: 'x' }] })).toEqual([{ value: 'x', text: 'a' }]);
    expect(normaliseOptions(undefined)).toEqual([]);
  });
});
