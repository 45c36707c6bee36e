// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SchemaPageHost } from './SchemaPageHost.js';
import { ShellProvider } from './ShellContext.js';

// What the host hands the runtime; the runtime applies the flags (useDictionary.test.tsx).
// The fake runtime shows what it is handed to show while its page loads.
vi.mock('../runtime/index.js', () => ({
  SchemaPage: (p: { pageId: string; runtime?: { dictionaryFlags?: unknown }; placeholder?: ReactNode }) => (
    <div className="fake-schema-page">
      {`${p.pageId} ${JSON.stringify(p.runtime?.dictionaryFlags ?? null)}`}
      {p.placeholder}
    </div>
  ),
}));
vi.mock('../runtime/pages/pageChunks.js', () => ({ preloadPageChunk: () => undefined }));
// The early answers the host may look at: page id → the schema answer.
const early = vi.hoisted(() => new Map<string, unknown>());
vi.mock('../api/pageSchemaEarly.js', () => ({
  askPageSchemaEarly: () => undefined,
  peekPageSchema: (id: string) => (early.has(id) ? Promise.resolve(early.get(id)) : undefined),
}));

afterEach(cleanup);

describe('SchemaPageHost', () => {
  it('hands the site flag isTopicAppraisal to the runtime, which hides 成果鉴定评审 when it is 0 (SPEC §5)', async () => {
    render(
      <MemoryRouter>
        <ShellProvider routes={[]} settings={{ systemName: '平台', isTopicAppraisal: 0 }}>
          <SchemaPageHost pageId="review/reviewBatch.list" query={{}} />
        </ShellProvider>
      </MemoryRouter>,
    );
    expect((await screen.findByText(/review\/reviewBatch\.list/)).textContent).toBe(
      'review/reviewBatch.list {"isTopicAppraisal":0}',
    );
  });

  it("paints a dashboard's leading banners from the early schema answer, for the runtime to show while it loads", async () => {
    early.set('portal/home.dashboard', {
      page: {
        kind: 'dashboard',
        id: 'portal/home.dashboard',
        title: '首页',
        blocks: [
          { type: 'banner', setting: 'systemName', text: '课题申报、开题、中期、成果鉴定与结题全过程管理' },
          { type: 'page', page: 'portal/announcement.latest', title: '通知公告' },
        ],
      },
    });
    render(
      <MemoryRouter>
        <ShellProvider routes={[]} settings={{ systemName: '平台' }}>
          <SchemaPageHost pageId="portal/home.dashboard" query={{}} />
          <SchemaPageHost pageId="review/reviewBatch.list" query={{}} />
        </ShellProvider>
      </MemoryRouter>,
    );
    const heading = await screen.findByRole('heading', { name: '平台' });
    expect(heading.closest('.rt-dash-banner')?.textContent).toBe('平台课题申报、开题、中期、成果鉴定与结题全过程管理');
    expect(heading.closest('.fake-schema-page')?.textContent).toContain('portal/home.dashboard');
    // Only the banners; and nothing for a page without any.
    expect(document.querySelectorAll('.rt-dash-banner')).toHaveLength(1);
    expect(screen.queryByText('通知公告')).toBeNull();
  });
});
