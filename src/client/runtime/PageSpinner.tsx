import { Spin } from 'antd';
import { useEffect, useState } from 'react';

/** antd Spin waits as long before it shows (its `delay`); a page that is in by then never shows it. */
export const PAGE_SPINNER_DELAY_MS = 300;

const PLACE = { display: 'block', margin: '48px auto' } as const;

/**
 * The spinner of a page whose schema or code is still loading. Until the delay has passed it is an
 * empty box of the spinner's size: a page that arrives sooner neither flashes a spinner nor pays
 * for drawing one (antd generates Spin's styles on its first use, on the way to the page's first
 * frame).
 */
export function PageSpinner() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), PAGE_SPINNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return shown ? <Spin style={PLACE} /> : <div className="runtime-page-pending" style={{ ...PLACE, height: 20 }} />;
}
