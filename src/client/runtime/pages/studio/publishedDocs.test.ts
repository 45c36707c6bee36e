import { PublishedDocs } from './publishedDocs.js';

describe('published texts the studio preview reads', () => {
  it('are fetched once per published set, and again once the server serves a newer one', async () => {
    let served = '{"fields":{"name":{}}}';
    const fetched: string[] = [];
    const docs = new PublishedDocs(async (key) => (fetched.push(key), served));
    docs.seen(3);
    expect(await docs.text('entities/topic')).toBe(served);
    expect(await docs.text('entities/topic')).toBe(served);
    expect(fetched).toEqual(['entities/topic']);
    expect(docs.seen(3)).toBe(false);

    // Published elsewhere (an approval, another analyst): the next answer names a newer set.
    served = '{"fields":{"name":{},"partnerUnit":{}}}';
    expect(docs.seen(4)).toBe(true);
    expect(await docs.text('entities/topic')).toBe(served);
    expect(fetched).toEqual(['entities/topic', 'entities/topic']);
  });

  it('drops everything after a publish made here, and forgets a failed read', async () => {
    let fail = true;
    const docs = new PublishedDocs(async () => {
      if (fail) throw new Error('网络错误');
      return '{}';
    });
    expect(await docs.text('entities/topic')).toBeUndefined();
    fail = false;
    expect(await docs.text('entities/topic')).toBe('{}');
    expect(docs.drop()).toBe(true);
    expect(docs.drop()).toBe(false);
  });
});
