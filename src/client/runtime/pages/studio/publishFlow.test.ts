import { publishWithDryRun } from './publishFlow.js';
import type { Orphan, OutlineChange, StudioApi } from './studioApi.js';

const report: Orphan = {
  entity: 'topic',
  what: 'missing',
  name: 'partnerUnit',
  records: 312,
  message: '312 条课题缺少走查合作单位，其中草稿 12 条（草稿 12 条、申报市级审核中 300 条）',
};

function fakeApi(impact: Orphan[], calls: string[], outlines: OutlineChange[] = []) {
  return {
    dryRun: async (key: string) => {
      calls.push(`dryRun ${key}`);
      return { problems: [], impact, outlines };
    },
    publish: async (key: string, _text: string, _reason: string, confirm: boolean) => {
      calls.push(`publish ${key} ${confirm}`);
      return { id: 1, orphans: impact };
    },
  } as unknown as Pick<StudioApi, 'dryRun' | 'publish'>;
}

const input = { key: 'entities/topic', text: '{}', reason: '增加走查合作单位' };

describe('publish after a dry run', () => {
  it('shows the report first and publishes with the confirmation only when the analyst confirms', async () => {
    const calls: string[] = [];
    const shown: Orphan[][] = [];
    const refused = await publishWithDryRun(fakeApi([report], calls), input, async (i) => (shown.push(i), false));
    expect(refused).toBeNull();
    expect(calls).toEqual(['dryRun entities/topic']);
    expect(shown).toEqual([[report]]);
    await publishWithDryRun(fakeApi([report], calls), input, async () => true);
    expect(calls.slice(1)).toEqual(['dryRun entities/topic', 'publish entities/topic true']);
  });

  it('publishes without asking when the dry run reports nothing', async () => {
    const calls: string[] = [];
    let asked = false;
    await publishWithDryRun(fakeApi([], calls), input, async () => (asked = true));
    expect(asked).toBe(false);
    expect(calls).toEqual(['dryRun entities/topic', 'publish entities/topic false']);
  });

  it('shows the pages whose outline changes, and publishes without the data confirmation when no record is concerned', async () => {
    const outline: OutlineChange = {
      page: 'topic/topic.list',
      title: '课题列表',
      roles: ['课题负责人'],
      lines: [
        { kind: 'removed', text: '    课题负责人（leader） [string]' },
        { kind: 'added', text: '    主持人（leader） [string]' },
      ],
    };
    const calls: string[] = [];
    const shown: unknown[] = [];
    expect(
      await publishWithDryRun(fakeApi([], calls, [outline]), input, async (i, o) => (shown.push([i, o]), false)),
    ).toBeNull();
    expect(shown).toEqual([[[], [outline]]]);
    expect(calls).toEqual(['dryRun entities/topic']);
    await publishWithDryRun(fakeApi([], calls, [outline]), input, async () => true);
    expect(calls.slice(1)).toEqual(['dryRun entities/topic', 'publish entities/topic false']);
  });
});
