import { createContext, useContext, useEffect, useState } from 'react';

/**
 * True where the page is drawn in one go with nothing painted before it (the server's drawing of a
 * public page): the parts that wait for the first paint are drawn at once, since that drawing is
 * the first paint.
 */
export const DrawnAtOnce = createContext(false);

/**
 * False until the browser has painted the first frame after mount, then true. Parts that can wait
 * (the header's menu, the loading indicator, home's portal sections, a list's page-size and
 * jump-to-page controls: antd Menu, Spin, Select and the styles antd generates for them on first
 * use) render after that paint, so the page's own content is on screen first.
 */
export function useFirstPaintDone(): boolean {
  const [done, setDone] = useState(useContext(DrawnAtOnce));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame callback runs just before the paint; a task queued from it runs after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setDone(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return done;
}
