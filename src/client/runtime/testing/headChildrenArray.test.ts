// @vitest-environment jsdom
// (jsdomSetup.ts has installed it for this file, as for every jsdom file.)
describe('head.children in the render tests', () => {
  it('lists the head’s elements in order, as they are now, and nothing else', () => {
    document.head.replaceChildren();
    const a = document.createElement('style');
    const b = document.createElement('meta');
    document.head.append(a, document.createTextNode(' '), b);
    expect([...document.head.children]).toEqual([a, b]);
    document.head.insertBefore(document.createElement('link'), b);
    expect(Array.from(document.head.children).map((e) => e.tagName)).toEqual(['STYLE', 'LINK', 'META']);
    b.remove();
    expect(document.head.children.length).toBe(2);
  });
});
