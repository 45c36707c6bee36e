// @vitest-environment jsdom
import { holdUnsaved, LEAVE_QUESTION, mayLeave } from './leaveGuard.js';

/** The router's own listener, registered first as BrowserRouter does when the app mounts. */
const routed: string[] = [];
const router = () => {
  routed.push(window.location.pathname);
};
const popped = () =>
  new Promise<void>((resolve) => {
    window.addEventListener('popstate', () => resolve(), { once: true });
  });
const settle = () => new Promise((r) => setTimeout(r, 50));

beforeEach(() => {
  routed.length = 0;
  window.addEventListener('popstate', router);
  window.history.replaceState({ idx: 0 }, '', '/list');
  window.history.pushState({ idx: 1 }, '', '/apply');
});
afterEach(() => {
  window.removeEventListener('popstate', router);
  vi.restoreAllMocks();
});

describe('the browser back button while work is unsaved', () => {
  it('asks, and on 取消 stays on the page without the router hearing of it', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const release = holdUnsaved(() => true);
    window.history.back();
    // The guard stops the event, so nothing after it hears the move: wait for the question.
    await vi.waitFor(() => expect(confirm).toHaveBeenCalledWith(LEAVE_QUESTION));
    await settle();
    expect(window.location.pathname).toBe('/apply');
    expect((window.history.state as { idx: number }).idx).toBe(1);
    expect(routed).toEqual([]);
    release();
  });

  it('leaves when the user agrees, and does not ask when nothing is unsaved', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const release = holdUnsaved(() => true);
    let moved = popped();
    window.history.back();
    await moved;
    await settle();
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(window.location.pathname).toBe('/list');
    expect(routed).toEqual(['/list']);
    release();
    const clean = holdUnsaved(() => false);
    window.history.pushState({ idx: 1 }, '', '/apply');
    moved = popped();
    window.history.back();
    await moved;
    await settle();
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(routed).toEqual(['/list', '/list']);
    clean();
  });

  it('does not ask twice when 返回 asked and then goes back', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const release = holdUnsaved(() => true);
    expect(mayLeave()).toBe(true);
    const moved = popped();
    window.history.back();
    await moved;
    await settle();
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(routed).toEqual(['/list']);
    release();
  });
});
