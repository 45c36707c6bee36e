// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { cleanup, waitFor } from '@testing-library/react';
import type { EntityDef, PageDef, ResourceRecord } from '../../../../shared/schema/types.js';
import { createFixtureDataProvider } from '../../testing/fixtureDataProvider.js';
import { renderPage } from '../../testing/renderPage.js';
import { setupDom } from '../../testing/setupDom.js';

// The article page kind on the real public FAQ page: an expert's answer is plain text.
setupDom();
afterEach(() => {
  cleanup();
});

const root = path.resolve(import.meta.dirname, '../../../../..');
const read = <T,>(p: string): T => JSON.parse(fs.readFileSync(path.join(root, p), 'utf8')) as T;

function provider(pageFile: string, entityFile: string, record: Record<string, unknown>) {
  const dp = createFixtureDataProvider({
    pages: [read<PageDef>(pageFile)],
    entities: [read<EntityDef>(entityFile)],
    workflows: [],
    dictionaries: [],
  });
  dp.getPublicOne = (async () => ({ id: 1, ...record }) as unknown as ResourceRecord) as typeof dp.getPublicOne;
  return dp;
}

describe('article page', () => {
  it('shows a plain-text body as text, never as HTML, keeping its line breaks', async () => {
    const answer = '第一行<img src=x onerror=alert(1)><b>粗</b>\n第二行';
    const dp = provider('schemas/pages/question/faq.look.json', 'schemas/entities/question.json', {
      title: '如何结题',
      content: '问题描述',
      answer,
      answeredAt: '2026-05-01 10:00:00',
    });
    const { container } = await renderPage({
      pageId: 'question/faq.look',
      query: { id: '1' },
      dataProvider: dp,
      user: null,
    });
    await waitFor(() => expect(container.querySelector('.rt-article-body')).toBeTruthy());
    const body = container.querySelector('.rt-article-body')!;
    expect(body.textContent).toBe(answer);
    expect(body.querySelector('img, b')).toBeNull();
  });

  it('still shows a rich-text body as sanitised HTML', async () => {
    const dp = provider('schemas/pages/portal/announcement.look.json', 'schemas/entities/announcement.json', {
      title: '公告',
      content: '<p>正文<b>加粗</b><img src=x onerror=alert(1)></p>',
    });
    const { container } = await renderPage({
      pageId: 'portal/announcement.look',
      query: { id: '1' },
      dataProvider: dp,
      user: null,
    });
    await waitFor(() => expect(container.querySelector('.rt-article-body')).toBeTruthy());
    const body = container.querySelector('.rt-article-body')!;
    expect(body.querySelector('b')?.textContent).toBe('加粗');
    expect(body.innerHTML).not.toContain('onerror');
  });
});
