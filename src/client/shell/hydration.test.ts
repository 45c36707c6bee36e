// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetEmbedded } from '../api/embeddedAnswers.js';
import { session } from '../api/session.js';
import { keepBodyAside } from '../runtime/testing/keepBodyAside.js';
import { carryTyped, hydratable } from './hydration.js';

keepBodyAside();

// A visitor, whatever the files before this one left signed in; answers read afresh.
beforeEach(() => {
  resetEmbedded();
  vi.spyOn(session, 'user').mockReturnValue(null);
});

afterEach(() => {
  resetEmbedded();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

/** A page as the server sends it: the app's tree drawn at `at`, marked for hydration, and its answers. */
function served(at: string, page = '{"pageId":"portal/announcement.list","query":{}}') {
  window.history.replaceState(null, '', at);
  document.body.innerHTML = `<div id="root"><div class="ssr-frame" data-hydrate='${page}'><main>通知公告</main></div></div><script type="application/json" id="embedded-answers">{"at":"${at}","answers":[]}</script>`;
}

describe('hydrating the page the server drew', () => {
  it('hydrates the app’s tree drawn at this address, with the page drawn in it', () => {
    served('/noticeAnnouncement?title=x');
    const found = hydratable();
    expect(found?.frame.className).toBe('ssr-frame');
    expect(found?.page).toEqual({ pageId: 'portal/announcement.list', query: {} });
    resetEmbedded();
    served('/no/such/page', 'null');
    expect(hydratable()).not.toBeNull();
    expect(hydratable()!.page).toBeNull();
  });

  it('does not hydrate a signed-in person’s page, another address’s drawing or the server’s plainer page', () => {
    served('/noticeAnnouncement');
    vi.spyOn(session, 'user').mockReturnValue({ username: 'leader1' } as never);
    expect(hydratable()).toBeNull();
    vi.spyOn(session, 'user').mockReturnValue(null);
    resetEmbedded();
    served('/noticeAnnouncement');
    window.history.pushState(null, '', '/approvedTopics');
    expect(hydratable()).toBeNull();
    resetEmbedded();
    served('/noticeAnnouncement');
    document.querySelector('.ssr-frame')!.removeAttribute('data-hydrate');
    expect(hydratable()).toBeNull();
  });

  it('carries what was typed before hydrating into the field as typing, once React has it, the caret kept', async () => {
    document.body.innerHTML = '<div id="frame"><input name="title" value=""></div>';
    const field = document.querySelector('input')!;
    field.focus();
    field.value = '申报';
    field.setSelectionRange(1, 1);
    const heard: string[] = [];
    field.addEventListener('input', () => heard.push(field.value));
    carryTyped(document.getElementById('frame')!);
    await new Promise((r) => requestAnimationFrame(r));
    // Not React's yet: nothing is carried.
    expect(heard).toEqual([]);
    Object.assign(field, { __reactProps$test: {} });
    await new Promise((r) => requestAnimationFrame(r));
    expect(heard).toEqual(['申报']);
    expect(field.value).toBe('申报');
    expect([field.selectionStart, field.selectionEnd]).toEqual([1, 1]);
  });
});
