import type { PageBundle } from '../../../shared/schema/types.js';
import type { DataProvider } from '../data/dataProvider.js';
import { getPageKind, pageKinds, preparePage, registerLazyPageKind, registerPageKind } from './registry.js';
import type { PageKindProps } from './types.js';

const bundle = (kind: string) =>
  ({ page: { kind, id: `t/${kind}` }, entity: { name: 'e' }, workflow: null }) as unknown as PageBundle;
const env = { dataProvider: {} as DataProvider };
const unregister: (() => void)[] = [];
afterEach(() => unregister.splice(0).forEach((off) => off()));

describe('page kind registry', () => {
  it('renders a lazy kind through lazy() until its code is in, then as itself, loading it once', async () => {
    const Kind = (_: PageKindProps) => null;
    const load = vi.fn(async () => Kind);
    unregister.push(registerLazyPageKind('t-lazy', load));
    expect(getPageKind('t-lazy')).not.toBe(Kind);
    await preparePage(bundle('t-lazy'), env);
    await preparePage(bundle('t-lazy'), env);
    expect(getPageKind('t-lazy')).toBe(Kind);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("settles when the code fails to load, leaving the error to the page's render, and tries again later", async () => {
    const Kind = (_: PageKindProps) => null;
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Kind);
    unregister.push(registerLazyPageKind('t-fail', load));
    await expect(preparePage(bundle('t-fail'), env)).resolves.toBeUndefined();
    expect(getPageKind('t-fail')).not.toBe(Kind);
    await preparePage(bundle('t-fail'), env);
    expect(getPageKind('t-fail')).toBe(Kind);
  });

  it("waits for what a kind's own preparation returns", async () => {
    let done = false;
    const off = registerPageKind(
      't-prep',
      () => null,
      () =>
        new Promise((r) =>
          setTimeout(() => {
            done = true;
            r(undefined);
          }, 5),
        ),
    );
    await preparePage(bundle('t-prep'), env);
    expect(done).toBe(true);
    off();
    expect(pageKinds()).not.toContain('t-prep');
  });
});
