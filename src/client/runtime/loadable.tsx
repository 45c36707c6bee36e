/**
 * A component in a chunk of its own, drawn as itself by a render that finds its chunk already in,
 * and through lazy() (suspending until the chunk arrives) otherwise. Where the browser hydrates the
 * server's drawing, a part that suspends stays the server's markup until its chunk arrives, and an
 * urgent update meanwhile makes React draw it afresh (its error 421); preparing a page loads the
 * chunks its first render draws (`load`), so hydrating it suspends nowhere. Chosen once per mount:
 * another component type on a later render would mount the part afresh.
 */
import { lazy, useState, type ComponentType } from 'react';

export type Loadable<P> = ComponentType<P> & { load: () => Promise<ComponentType<P>> };

export function loadable<P extends object>(load: () => Promise<ComponentType<P>>): Loadable<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const start = () =>
    (loading ??= load().then(
      (c) => (loaded = c),
      (e: unknown) => {
        loading = undefined;
        throw e;
      },
    ));
  const Lazy = lazy(() => start().then((c) => ({ default: c })));
  function Part(props: P) {
    const [Drawn] = useState<ComponentType<P>>(() => loaded ?? (Lazy as unknown as ComponentType<P>));
    return <Drawn {...props} />;
  }
  return Object.assign(Part, { load: start });
}
