// @vitest-environment jsdom
import { createCache, StyleProvider, useStyleRegister, type CSSInterpolation } from '@ant-design/cssinjs';
import { render } from '@testing-library/react';
import { retainedStyleCache } from './retainedStyleCache.js';

const token = { _tokenKey: 'test-token' };

/** A component registering one style, as every antd component does through its style hook. */
function Styled({ build }: { build: () => CSSInterpolation }) {
  useStyleRegister({ theme: undefined as never, token, path: ['Styled'], hashId: '' }, build);
  return <span className="styled" />;
}

/** Mounts the component `times` times in turn under `cache` (each unmounted before the next but the last). */
function mountInTurn(cache: ReturnType<typeof createCache>, build: () => CSSInterpolation, times: number): void {
  for (let i = 0; i < times; i++) {
    const view = render(
      <StyleProvider cache={cache}>
        <Styled build={build} />
      </StyleProvider>,
    );
    if (i < times - 1) view.unmount();
  }
}

describe('retainedStyleCache', () => {
  it('keeps a style built for a component type after its last instance unmounts: a remount builds none', () => {
    const build = vi.fn(() => ({ '.styled': { color: 'red' } }));
    mountInTurn(retainedStyleCache(), build, 3);
    expect(build).toHaveBeenCalledTimes(1);
    expect(document.head.innerHTML).toContain('.styled{color:red;}');
  });

  it("the library's own cache builds it again at each remount (why the cache above is used)", () => {
    const build = vi.fn(() => ({ '.styled': { color: 'blue' } }));
    mountInTurn(createCache(), build, 2);
    expect(build).toHaveBeenCalledTimes(2);
  });
});
