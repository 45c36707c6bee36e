// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import type { ColumnPlan } from '../model/columns.js';
import { renderCell } from '../pages/cells.js';
import { RuntimeProvider } from '../RuntimeContext.js';
import { createFixtureDataProvider } from '../testing/fixtureDataProvider.js';
import { DictText } from '../widgets/DictText/DictText.js';
import { Select } from '../widgets/Select/Select.js';
import { DICT_PENDING_TEXT } from './DictPending.js';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const fields = { type: 'researchField', label: '研究领域', options: [{ value: '07', text: '德育' }] };

/** A provider whose dictionary answers only when `answer` is called. */
function slowProvider() {
  const dp = createFixtureDataProvider({ pages: [], entities: [], workflows: [], dictionaries: [fields] });
  let answer = () => {};
  const gate = new Promise<void>((r) => {
    answer = r;
  });
  const getDictionary = dp.getDictionary.bind(dp);
  dp.getDictionary = async (type, anonymous) => {
    await gate;
    return getDictionary(type, anonymous);
  };
  return { dp, answer: () => answer() };
}

describe('a dictionary code while its dictionary loads', () => {
  it('is never shown: cells, read-only text and selects show a placeholder, then the label', async () => {
    const { dp, answer } = slowProvider();
    const plan = {
      key: 'f',
      field: 'f',
      title: '研究领域',
      kind: 'dict',
      dict: 'researchField',
      sortable: false,
      ellipsis: false,
    } as ColumnPlan;
    const form = createForm();
    const { container } = render(
      <RuntimeProvider dataProvider={dp} user={null}>
        <FormProvider form={form}>
          <div data-testid="cell">{renderCell(plan, '07', { id: '1' }, null)}</div>
          <DictText dict="researchField" value="07" />
          <Select dict="researchField" value="07" />
        </FormProvider>
      </RuntimeProvider>,
    );
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(container.textContent).not.toContain('07');
    expect(container.textContent).toContain(DICT_PENDING_TEXT);
    await act(async () => {
      answer();
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(container.textContent).not.toContain('07');
    expect(container.textContent).toContain('德育');
    expect(container.textContent).not.toContain(DICT_PENDING_TEXT);
  });
});
