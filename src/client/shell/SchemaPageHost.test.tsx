// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SchemaPageHost } from './SchemaPageHost.js';
import { ShellProvider } from './ShellContext.js';

// What the host hands the runtime; the runtime applies the flags (useDictionary.test.tsx).
vi.mock('../runtime/index.js', () => ({
  SchemaPage: (p: { pageId: string; runtime?: { dictionaryFlags?: unknown } }) => (
    <div className="fake-schema-page">{`${p.pageId} ${JSON.stringify(p.runtime?.dictionaryFlags ?? null)}`}</div>
  ),
}));
vi.mock('../runtime/pages/pageChunks.js', () => ({ preloadPageChunk: () => undefined }));
vi.mock('../api/pageSchemaEarly.js', () => ({ askPageSchemaEarly: () => undefined }));

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
});
