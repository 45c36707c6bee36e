import {
  areaText,
  blockSpan,
  countdown,
  isDataBlock,
  leadingBanners,
  rowLink,
  rowTitle,
  stepIndex,
  storedTime,
  visibleBlocks,
} from './dashboard.js';

const NOW = storedTime('2026-03-10 12:00:00')!;

describe('dashboard model', () => {
  it('shows a block only to the roles it names', () => {
    const blocks = [
      { type: 'statistic' as const, title: 'a', roles: ['3'] },
      { type: 'list' as const, title: 'b' },
      { type: 'card' as const, title: 'c', roles: ['4', '5'] },
    ];
    expect(visibleBlocks(blocks, '3').map((b) => b.index)).toEqual([0, 1]);
    expect(visibleBlocks(blocks, '5').map((b) => b.block.title)).toEqual(['b', 'c']);
    expect(visibleBlocks(blocks, undefined).map((b) => b.index)).toEqual([1]);
  });

  it('counts a deadline down in whole days, in province time', () => {
    expect(countdown('2026-03-15 12:00:00', NOW)).toEqual({ text: '剩余5天', urgent: false });
    expect(countdown('2026-03-12 18:00:00', NOW)).toEqual({ text: '剩余2天', urgent: true });
    expect(countdown('2026-03-10 20:00:00', NOW)).toEqual({ text: '今天截止', urgent: true });
    // A date alone lasts to its end of day.
    expect(countdown('2026-03-10', NOW).text).toBe('今天截止');
    expect(countdown('2026-03-09 23:59:59', NOW)).toEqual({ text: '已截止', urgent: true });
    expect(countdown(null, NOW).text).toBe('');
    expect(storedTime('2026-03-10 12:00:00')).toBe(Date.UTC(2026, 2, 10, 4, 0, 0));
  });

  it('names a region in words: 全省 without an area, the city name with one, never the code', () => {
    const areas = [{ value: '1123', text: '定州市' }];
    expect(areaText(null, areas)).toBe('全省');
    expect(areaText('', areas)).toBe('全省');
    expect(areaText('1123', areas)).toBe('定州市');
    expect(areaText('9999', areas)).toBe('');
  });

  it('places the stage on the step bar', () => {
    const steps = ['申报', '开题', '中期', '成果鉴定', '结题'];
    expect(stepIndex(1, steps)).toBe(0);
    expect(stepIndex('3', steps)).toBe(2);
    expect(stepIndex(9, steps)).toBe(4);
    expect(stepIndex(null, steps)).toBe(0);
  });

  it('links and titles a row from the block', () => {
    const block = { type: 'list' as const, title: 't', to: '/x/look?id=:id&stage=:stage', fields: { title: 'name' } };
    expect(rowLink(block, { id: '7', stage: 2 })).toBe('/x/look?id=7&stage=2');
    expect(rowTitle(block, { name: '课题甲' })).toBe('课题甲');
    const plain = { type: 'list' as const, title: 'n' };
    expect(rowLink(plain, { _link: '/meetingManagement/meetingDetail?id=3' })).toBe(
      '/meetingManagement/meetingDetail?id=3',
    );
    expect(rowLink(plain, { _link: '//evil.example/x' })).toBeUndefined();
    expect(rowLink(plain, { _link: 'javascript:alert(1)' })).toBeUndefined();
    expect(rowTitle(block, { _title: '备用' })).toBe('备用');
    expect(rowTitle(block, {})).toBe('（无标题）');
    expect(blockSpan(block)).toBe(12);
    expect(blockSpan({ type: 'statistic', title: 's' })).toBe(24);
  });

  it('shows a block to a signed-in user or a visitor only as its signedIn says', () => {
    const blocks = [
      { type: 'banner' as const, text: 'all' },
      { type: 'page' as const, page: 'w/a.dashboard', signedIn: true },
      { type: 'page' as const, page: 'p/a.latest', signedIn: false },
      { type: 'page' as const, page: 'p/b.latest', signedIn: true, roles: ['4'] },
    ];
    expect(visibleBlocks(blocks, undefined).map((b) => b.index)).toEqual([0, 2]);
    expect(visibleBlocks(blocks, '2').map((b) => b.index)).toEqual([0, 1]);
    expect(visibleBlocks(blocks, '4').map((b) => b.index)).toEqual([0, 1, 3]);
  });

  it('takes the banners a dashboard opens with, for the shell to paint first', () => {
    const page = {
      kind: 'dashboard' as const,
      id: 'p/home.dashboard',
      title: '首页',
      blocks: [
        { type: 'banner' as const, setting: 'systemName' as const, text: 'a' },
        { type: 'banner' as const, text: 'for visitors', signedIn: false },
        { type: 'page' as const, page: 'p/a.latest' },
        { type: 'banner' as const, text: 'later' },
      ],
    };
    expect(leadingBanners(page, undefined).map((b) => b.text)).toEqual(['a', 'for visitors']);
    expect(leadingBanners(page, '4').map((b) => b.text)).toEqual(['a']);
    expect(leadingBanners({ ...page, blocks: [page.blocks[2], page.blocks[0]] }, '4')).toEqual([]);
    expect(leadingBanners(undefined, '4')).toEqual([]);
  });

  it('counts figures and lists on the server; a titled page is half a row, an untitled one and a banner a whole one', () => {
    expect(['statistic', 'card', 'list', 'banner', 'page'].map((type) => isDataBlock({ type } as never))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(blockSpan({ type: 'page', page: 'p/a.latest', title: '通知公告' })).toBe(12);
    expect(blockSpan({ type: 'page', page: 'w/a.dashboard' })).toBe(24);
    expect(blockSpan({ type: 'banner', text: 'x' })).toBe(24);
    expect(blockSpan({ type: 'page', page: 'p/a.latest', title: 't', span: 8 })).toBe(8);
  });
});
