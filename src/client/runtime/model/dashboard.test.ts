import {
  areaText,
  blockSpan,
  countdown,
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
});
