// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from './notifier.js';
import { askPageSchemaEarly, takePageSchema } from './pageSchemaEarly.js';
import { session } from './session.js';

const user = (token: string, roleCode: string) => ({
  username: 'u',
  realName: 'u',
  roleCode,
  roleName: '',
  isAdmin: false,
  token,
  csrfToken: 'c',
  roleList: [{ roleCode, roleName: '', engName: roleCode === '4' ? 'FZR' : 'ZJ' }],
});

afterEach(() => {
  session.clear();
  vi.unstubAllGlobals();
});

describe('page schema asked early', () => {
  it('is taken by the same user in the same role only', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ flag: true, data: { page: { id: 'p' } }, result: 'ok' }), {
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    session.save(user('t1', '4'));
    askPageSchemaEarly('p');
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    // A role switch between the ask and the take: that answer was for the other role.
    session.save(user('t1', '5'));
    expect(takePageSchema('p')).toBeUndefined();
    session.save(user('t1', '4'));
    await expect(takePageSchema('p')).resolves.toEqual({ page: { id: 'p' } });
    expect(takePageSchema('p')).toBeUndefined();
  });

  it('leaves a refusal to the page (the 403 page): no message of its own beside it', async () => {
    const notes = { error: vi.fn(), warning: vi.fn(), success: vi.fn() };
    setNotifier(notes);
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ flag: false, code: 403, data: null, result: '没有权限执行该操作' }), {
            status: 403,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    session.save(user('t1', '4'));
    askPageSchemaEarly('review/review.score');
    await expect(takePageSchema('review/review.score')).rejects.toMatchObject({ status: 403 });
    expect(notes.error).not.toHaveBeenCalled();
    setNotifier(null);
  });
});
