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

describe('retainedStyleCache', () => {
  it('keeps a style built for a component type after its last instance unmounts: a remount builds none', () => {
    const cache = retainedStyleCache();
    const build = vi.fn(() => ({ '.styled': { color: 'red' } }));
    const tree = () => (
      <StyleProvider cache={cache}>
        <Styled build={build} />
      </StyleProvider>
    );
    render(tree()).unmount();
    render(tree()).unmount();
    render(tree());
    expect(build).toHaveBeenCalledTimes(1);
    expect(document.head.innerHTML).toContain('.styled{color:red;}');
  });

  it("the library's own cache builds it again at each remount (why the cache above is used)", () => {
    const cache = createCache();
    const build = vi.fn(() => ({ '.styled': { color: 'blue' } }));
    const tree = () => (
      <StyleProvider cache={cache}>
        <Styled build={build} />
      </StyleProvider>
    );
    render(tree()).unmount();
    render(tree());
    expect(build).toHaveBeenCalledTimes(2);
  });
});
