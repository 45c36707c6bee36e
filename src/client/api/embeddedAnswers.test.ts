// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { EMBEDDED_ANSWERS_ID, requestKey, resetEmbedded, takeEmbedded } from './embeddedAnswers.js';
import { keepBodyAside } from '../runtime/testing/keepBodyAside.js';

keepBodyAside();

function serve(at: string, answers: { path: string; body: unknown; data: unknown }[]): void {
  window.history.replaceState(null, '', at);
  document.body.innerHTML = `<div id="root"></div><script type="application/json" id="${EMBEDDED_ANSWERS_ID}">${JSON.stringify({ at, answers })}</script>`;
  resetEmbedded();
}

afterEach(() => {
  document.body.innerHTML = '';
  resetEmbedded();
});

describe('embedded answers', () => {
  it('keys a request the same whatever its key order, subAct and empty values', () => {
    expect(requestKey('public/a/list', { page: 1, pageSize: 10, subAct: 'a', filters: [] })).toBe(
      requestKey('/public/a/list', { pageSize: 10, page: 1 }),
    );
    expect(requestKey('public/a/list', { page: 2 })).not.toBe(requestKey('public/a/list', { page: 1 }));
  });

  it('hands each answer out once, for the same request only', () => {
    serve('/noticeAnnouncement', [
      {
        path: 'public/announcement/list',
        body: { pageId: 'p', page: 1, pageSize: 10 },
        data: { list: [{ id: 1 }], total: 1 },
      },
    ]);
    expect(takeEmbedded('public/announcement/list', { page: 2, pageSize: 10, pageId: 'p' })).toBeUndefined();
    expect(takeEmbedded('public/announcement/list', { subAct: 'a', pageSize: 10, page: 1, pageId: 'p' })).toEqual({
      list: [{ id: 1 }],
      total: 1,
    });
    expect(takeEmbedded('public/announcement/list', { pageSize: 10, page: 1, pageId: 'p' })).toBeUndefined();
  });

  it('gives nothing once the address has moved on from the page the server drew', () => {
    serve('/noticeAnnouncement', [{ path: 'schema/routes', body: {}, data: { routes: [] } }]);
    window.history.pushState(null, '', '/activityDynamics');
    expect(takeEmbedded('schema/routes', {})).toBeUndefined();
    window.history.pushState(null, '', '/noticeAnnouncement');
    expect(takeEmbedded('schema/routes', {})).toBeUndefined();
  });

  it('gives nothing on a page without embedded answers', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(takeEmbedded('schema/routes', {})).toBeUndefined();
  });
});
