/**
 * jsdom's `head.children`, as a plain array. antd's style injection (rc-util's updateCSS) reads
 * the head's children at each mount of each component, and jsdom's live collection answers every
 * index and `length` through a proxy that first looks the key up by name among all the children:
 * with antd's hundreds of <style> elements in the head, that took a good share of every render
 * test. The head's element children are listed in order, as the live collection would list them.
 */
export function installHeadChildrenArray(): void {
  Object.defineProperty(HTMLHeadElement.prototype, 'children', {
    configurable: true,
    get(this: HTMLHeadElement) {
      const out: Element[] = [];
      for (let e = this.firstElementChild; e; e = e.nextElementSibling) out.push(e);
      return out;
    },
  });
}
