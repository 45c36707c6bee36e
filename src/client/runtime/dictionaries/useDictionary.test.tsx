// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import type { DictionaryOption } from '../../../shared/schema/types.js';
import { RuntimeProvider } from '../RuntimeContext.js';
import { createFixtureDataProvider } from '../testing/fixtureDataProvider.js';
import { dictionaryText, useDictionary } from './useDictionary.js';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const psjd = {
  type: 'psjd',
  label: '评审阶段',
  options: ['1', '2', '3', '4', '5'].map((v) => ({ value: v, text: `阶段${v}` })),
};

function Probe({ type, flag }: { type: string; flag?: number }) {
  const { options, loading } = useDictionary(type, flag === undefined ? undefined : { isTopicAppraisal: flag });
  return <div data-testid="out">{loading ? 'loading' : options.map((o: DictionaryOption) => o.value).join(',')}</div>;
}

async function show(node: React.ReactNode) {
  render(node);
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
  return screen.getByTestId('out').textContent;
}

describe('useDictionary', () => {
  const dp = () => createFixtureDataProvider({ pages: [], entities: [], workflows: [], dictionaries: [psjd] });
  it('drops review stage 4 when isTopicAppraisal is 0 (SPEC §5)', async () => {
    expect(
      await show(
        <RuntimeProvider dataProvider={dp()} user={null}>
          <Probe type="psjd" flag={0} />
        </RuntimeProvider>,
      ),
    ).toBe('1,2,3,5');
  });
  it('keeps it when the flag is 1 or absent, and reads the runtime flag', async () => {
    const provider = dp();
    expect(
      await show(
        <RuntimeProvider dataProvider={provider} user={null}>
          <Probe type="psjd" flag={1} />
        </RuntimeProvider>,
      ),
    ).toBe('1,2,3,4,5');
    cleanup();
    expect(
      await show(
        <RuntimeProvider dataProvider={provider} user={null} dictionaryFlags={{ isTopicAppraisal: 0 }}>
          <Probe type="psjd" />
        </RuntimeProvider>,
      ),
    ).toBe('1,2,3,5');
    expect(provider.calls.filter((c) => c.method === 'getDictionary')).toHaveLength(1);
  });
  it('joins labels of several values', () => {
    expect(dictionaryText(psjd.options, ['1', 4, 'x'])).toBe('阶段1、阶段4、x');
  });
});
