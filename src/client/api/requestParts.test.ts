import { describe, expect, it } from 'vitest';
import { buildHeaders, fileNameFromDisposition, trimStrings, urlOf, withSubAct } from './requestParts.js';

describe('request parts', () => {
  it('builds URLs under each root', () => {
    expect(urlOf('sys/login')).toBe('/api/sys/login');
    expect(urlOf('/home/queryMenuList')).toBe('/api/home/queryMenuList');
    expect(urlOf('login', 'sso')).toBe('/sso/login');
    expect(urlOf('v2/prepare', 'fileserver')).toBe('/fileserver/v2/prepare');
  });

  it('sends the token as Authorization and the CSRF token as x-csrf-token', () => {
    expect(buildHeaders('tok', 'csrf')).toEqual({ Authorization: 'tok', 'x-csrf-token': 'csrf' });
    expect(buildHeaders(null, undefined)).toEqual({});
  });

  it('trims strings deeply and leaves other values alone', () => {
    const blob = new Blob(['x']);
    expect(trimStrings({ a: ' x ', b: [' y', { c: 'z ' }], d: 3, e: null, f: blob })).toEqual({
      a: 'x',
      b: ['y', { c: 'z' }],
      d: 3,
      e: null,
      f: blob,
    });
  });

  it('puts subAct in an object body, keeping a body’s own', () => {
    expect(withSubAct({ name: ' 课题 ' }, undefined, 'a')).toEqual({ body: { subAct: 'a', name: '课题' }, params: {} });
    expect(withSubAct({ subAct: 'b' }, undefined, 'a').body).toEqual({ subAct: 'b' });
    expect(withSubAct(undefined, { type: ' sjzt ' }, 'a')).toEqual({ body: { subAct: 'a' }, params: { type: 'sjzt' } });
  });

  it('puts subAct in the query when the body is not an object', () => {
    const form = new FormData();
    expect(withSubAct(form, { x: 1 }, 'b')).toEqual({ body: form, params: { subAct: 'b', x: 1 } });
    expect(withSubAct([' 1 ', '2'], undefined, 'a')).toEqual({ body: ['1', '2'], params: { subAct: 'a' } });
  });

  it('reads file names from content-disposition', () => {
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''%E8%AF%BE%E9%A2%98.csv")).toBe('课题.csv');
    expect(fileNameFromDisposition('attachment; filename="report.zip"')).toBe('report.zip');
    expect(fileNameFromDisposition('attachment; filename=%E5%90%8D%E5%8D%95.xls')).toBe('名单.xls');
    expect(fileNameFromDisposition('attachment; filename="a.csv"; filename*=UTF-8\'\'%E4%B8%AD.csv')).toBe('中.csv');
    expect(fileNameFromDisposition('attachment; filename=100%.txt')).toBe('100%.txt');
    expect(fileNameFromDisposition('inline')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});
