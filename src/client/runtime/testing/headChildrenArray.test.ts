// @vitest-environment jsdom
// (jsdomSetup.ts has installed it for this file, as for every jsdom file.)
describe('head.children in the render tests', () => {
  it('lists the head’s elements in order, as they are now, and nothing else', () => {
    // A document of its own: this one's head holds the styles the other files share.
    const head = document.implementation.createHTMLDocument().head;
    const a = document.createElement('style');
    const b = document.createElement('meta');
    head.append(a, document.createTextNode(' '), b);
    expect([...head.children]).toEqual([a, b]);
    head.insertBefore(document.createElement('link'), b);
    expect(Array.from(head.children).map((e) => e.tagName)).toEqual(['STYLE', 'LINK', 'META']);
    b.remove();
    expect(head.children.length).toBe(2);
    expect(head.children).toBeInstanceOf(Array);
  });
});
