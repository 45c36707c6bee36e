// @vitest-environment jsdom
import { appBase, underBase } from './appBase.js';
import { urlOf } from './requestParts.js';
import { fileDownloadPath } from '../runtime/data/dataProvider.js';

describe('the base path the server wrote into the page', () => {
  afterEach(() => document.querySelectorAll('base').forEach((b) => b.remove()));

  it('is / without a <base>', () => {
    expect(appBase()).toBe('/');
    expect(urlOf('sys/login')).toBe('/api/sys/login');
  });

  it('prefixes the calls and file links when the page names one', () => {
    const base = document.createElement('base');
    base.setAttribute('href', '/ktgl/');
    document.head.appendChild(base);
    expect(appBase()).toBe('/ktgl/');
    expect(urlOf('sys/login')).toBe('/ktgl/api/sys/login');
    expect(urlOf('/captcha', 'sso')).toBe('/ktgl/sso/captcha');
    expect(urlOf('v2/prepare', 'fileserver')).toBe('/ktgl/fileserver/v2/prepare');
    expect(fileDownloadPath(7)).toBe('/ktgl/api/file/download?id=7');
  });

  it('puts addresses written from the root under the base, and leaves others', () => {
    expect(underBase('/logo.svg', '/ktgl/')).toBe('/ktgl/logo.svg');
    expect(underBase('/ktgl/logo.svg', '/ktgl/')).toBe('/ktgl/logo.svg');
    expect(underBase('https://cdn.example/logo.svg', '/ktgl/')).toBe('https://cdn.example/logo.svg');
    expect(underBase('//cdn.example/logo.svg', '/ktgl/')).toBe('//cdn.example/logo.svg');
    expect(underBase('/logo.svg', '/')).toBe('/logo.svg');
  });
});
