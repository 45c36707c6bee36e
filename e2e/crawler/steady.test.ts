import { errorLine, isChangeUnder, onceMore } from './steady.js';

describe('onceMore', () => {
  it('tries an action that met a page changing under it once more', async () => {
    let calls = 0;
    let settled = 0;
    const out = await onceMore(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('locator.getAttribute: Element is not attached to the DOM');
        return 'ok';
      },
      async () => {
        settled += 1;
      },
    );
    expect([out, calls, settled]).toEqual(['ok', 2, 1]);
  });
  it('reports what fails twice, and never retries a real fault', async () => {
    let calls = 0;
    await expect(
      onceMore(
        async () => {
          calls += 1;
          throw new Error('locator.click: Timeout 15000ms exceeded.');
        },
        async () => undefined,
      ),
    ).rejects.toThrow(/Timeout/);
    expect(calls).toBe(2);
    calls = 0;
    await expect(
      onceMore(
        async () => {
          calls += 1;
          throw new Error('expected 200, got 500');
        },
        async () => undefined,
      ),
    ).rejects.toThrow(/500/);
    expect(calls).toBe(1);
    expect(isChangeUnder(new Error('Execution context was destroyed, most likely because of a navigation'))).toBe(true);
  });
});

describe('errorLine', () => {
  it('tells a wait that ran out with the last reason its call log gives', () => {
    const e = new Error(
      [
        'locator.click: Timeout 15000ms exceeded.',
        'Call log:',
        "  - waiting for locator('.x')",
        '    - element is visible, enabled and stable',
        '    - \x1b[2m<button>…</button> from <div>…</div> subtree intercepts pointer events\x1b[22m',
        '  - retrying click action',
        '    9 × waiting for element to be visible, enabled and stable',
      ].join('\n'),
    );
    expect(errorLine(e)).toBe(
      'locator.click: Timeout 15000ms exceeded. (<button>…</button> from <div>…</div> subtree intercepts pointer events)',
    );
    expect(errorLine(new Error('expected 200, got 500\nat line 3'))).toBe('expected 200, got 500');
  });
});
