import { routedUrl, withBaseHref } from './baseHref.js';

describe('the base path written at run time', () => {
  const page =
    '<!doctype html><html><head><meta charset="UTF-8"><script type="module" src="./assets/a.js"></script></head></html>';

  it('writes the base into the page, once, first in the head', () => {
    const out = withBaseHref(page, '/ktgl/');
    expect(out).toContain('<head><base href="/ktgl/"><meta');
    expect(withBaseHref(out, '/other/').match(/<base /g)).toHaveLength(1);
    expect(withBaseHref(out, '/other/')).toContain('<base href="/other/">');
  });

  it('routes the calls under the base to the API and leaves the pages alone', () => {
    expect(routedUrl('/ktgl/api/sys/login', '/ktgl/')).toBe('/api/sys/login');
    expect(routedUrl('/ktgl/sso/captcha?x=1', '/ktgl/')).toBe('/sso/captcha?x=1');
    expect(routedUrl('/ktgl/fileserver/v2/upload?i=0', '/ktgl/')).toBe('/fileserver/v2/upload?i=0');
    expect(routedUrl('/ktgl/homePage', '/ktgl/')).toBe('/ktgl/homePage');
    expect(routedUrl('/ktgl/apidocs', '/ktgl/')).toBe('/ktgl/apidocs');
    expect(routedUrl('/api/sys/login', '/ktgl/')).toBe('/api/sys/login');
    expect(routedUrl('/api/sys/login', '/')).toBe('/api/sys/login');
  });
});
