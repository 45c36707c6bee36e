// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { cleanup, waitFor } from '@testing-library/react';
import type { DictionaryDef, EntityDef, PageDef } from '../../../shared/schema/types.js';
import { createFixtureDataProvider } from '../testing/fixtureDataProvider.js';
import { renderPage } from '../testing/renderPage.js';
import { setupDom } from '../testing/setupDom.js';

// The real 评审意见 tab of a topic: its rows read through the entity's row definition.
setupDom();
afterEach(cleanup);

const root = path.resolve(import.meta.dirname, '../../../..');
const read = <T,>(p: string): T => JSON.parse(fs.readFileSync(path.join(root, p), 'utf8')) as T;

describe("a topic's review results (评审意见)", () => {
  it('show the stage as its label and the end time as province time, not 1 and an epoch number', async () => {
    const schemas = {
      pages: [read<PageDef>('schemas/pages/topics/topic.review.json')],
      entities: [read<EntityDef>('schemas/entities/topic.json')],
      workflows: [],
      dictionaries: [read<DictionaryDef>('schemas/dictionaries/psjd.json')],
    };
    const dp = createFixtureDataProvider(schemas);
    const real = dp.getOne;
    dp.getOne = async (e, id) => ({
      ...(await real(e, id)),
      reviewResults: {
        1: {
          finalScore: 86.5,
          mean: 85,
          spread: 6,
          recommendation: '建议立项',
          endedAt: Date.UTC(2026, 10, 26, 1, 0, 0),
        },
      },
    });
    const { container } = await renderPage({
      pageId: 'topics/topic.review',
      mode: 'look',
      query: { id: 'topic-1' },
      dataProvider: dp,
    });
    await waitFor(() => expect(container.querySelector('.runtime-array-table tbody tr[data-row-key]')).toBeTruthy());
    await waitFor(() => {
      const cells = [...container.querySelectorAll('.runtime-array-table tbody tr[data-row-key] td')].map(
        (td) => td.textContent,
      );
      expect(cells).toEqual(['1', '立项评审', '86.5', '85', '6', '建议立项', '2026-11-26 09:00:00']);
    });
  });
});
