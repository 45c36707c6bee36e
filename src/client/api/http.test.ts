// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, http } from './http.js';
import { loading } from './loading.js';
import { setNotifier } from './notifier.js';
import { session } from './session.js';
import { uploadGate } from './uploadGate.js';

type Call = { url: string; init: RequestInit & { headers: Record<string, string> } };

let calls: Call[];
let answer: (url: string) => Response | Promise<Response>;
const notes = { error: vi.fn(), warning: vi.fn(), success: vi.fn() };

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

function headersOf(init: RequestInit | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(init?.headers).forEach((v, k) => {
    out[k] = v;
  });
  return out;
}

beforeEach(() => {
  calls = [];
  answer = () => json({ flag: true, data: { ok: 1 }, result: 'ok' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, init: { ...init, headers: headersOf(init) } as Call['init'] });
      return answer(url);
    }),
  );
  localStorage.clear();
  session.clear();
  uploadGate.reset();
  Object.values(notes).forEach((f) => f.mockReset());
  setNotifier(notes);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setNotifier(null);
});

function login(): void {
  session.save({
    username: 'leader1',
    roleCode: '4',
    roleName: '课题负责人',
    roleList: [],
    isAdmin: false,
    token: 'tok',
    csrfToken: 'csrf',
  });
}

describe('http.post', () => {
  it('posts JSON under /api with subAct, token, CSRF header and trimmed strings, answering data', async () => {
    login();
    const data = await http.post<{ ok: number }>('resource/topic/list', { title: '  双减  ', page: 1 });
    expect(data).toEqual({ ok: 1 });
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/api/resource/topic/list');
    expect(calls[0].init.method).toBe('POST');
    expect(calls[0].init.headers.authorization).toBe('tok');
    expect(calls[0].init.headers['x-csrf-token']).toBe('csrf');
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ subAct: 'a', title: '双减', page: 1 });
  });

  it('sends the stored subAct and an empty body with subAct when none is given', async () => {
    localStorage.setItem('subAct', 'b');
    await http.post('home/queryMenuList');
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ subAct: 'b' });
    expect(calls[0].init.headers.authorization).toBeUndefined();
  });

  it('sends form bodies url-encoded', async () => {
    await http.post('file/checkMd5', { md5: ' abc ' }, { form: true });
    expect(calls[0].init.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(String(calls[0].init.body)).toBe('subAct=a&md5=abc');
  });

  it('puts query parameters in the URL', async () => {
    await http.post('dic/getDicListByType', {}, { params: { type: 'sjzt' } });
    expect(calls[0].url).toBe('/api/dic/getDicListByType?type=sjzt');
  });

  it('rejects with the result of a flag-false envelope and shows it', async () => {
    answer = () => json({ flag: false, data: null, result: '标题不能为空' });
    await expect(http.post('resource/announcement/save', {})).rejects.toMatchObject({
      message: '标题不能为空',
      kind: 'envelope',
    });
    expect(notes.error).toHaveBeenCalledWith('标题不能为空', undefined);
  });

  it("shows a refusal's field messages, not only 参数不合法", async () => {
    answer = () =>
      json(
        {
          flag: false,
          data: [{ field: 'notice', label: '通知', message: '该通知下已有您的课题' }],
          result: '参数不合法',
        },
        400,
      );
    await expect(http.post('resource/topic/save', {})).rejects.toMatchObject({ message: '参数不合法' });
    expect(notes.error).toHaveBeenCalledWith('该通知下已有您的课题', undefined);
  });

  it('shows 服务异常 when the envelope has no result, nothing at all when silent', async () => {
    answer = () => json({ flag: false, data: null, result: '' }, 500);
    await expect(http.post('x/y', {}, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(notes.error).not.toHaveBeenCalled();
    await expect(http.post('x/y')).rejects.toMatchObject({ message: '服务异常' });
    expect(notes.error).toHaveBeenCalledWith('服务异常', undefined);
  });

  it('on 501 clears the user, shows 用户未登录 and asks for the login flow', async () => {
    login();
    const asked = vi.fn();
    const off = session.onLoginRequest(asked);
    answer = () => json({ flag: false, data: null, result: '用户未登录', code: 501 }, 401);
    await expect(http.post('home/queryMenuList', {})).rejects.toMatchObject({ kind: 'notLoggedIn', code: 501 });
    expect(session.user()).toBeNull();
    expect(localStorage.getItem('tgt')).toBeNull();
    expect(asked).toHaveBeenCalledWith({ reason: 'notLoggedIn', message: '用户未登录' });
    expect(notes.error).toHaveBeenCalledWith('用户未登录', 'not-logged-in');
    off();
  });

  it('leaves a session alone when the 501 answers a call of the one before it (signed out, or in again, meanwhile)', async () => {
    login();
    const asked = vi.fn();
    const off = session.onLoginRequest(asked);
    let release: (r: Response) => void = () => undefined;
    answer = () => new Promise<Response>((r) => (release = r));
    const stale = http.post('notification/unreadCount', {});
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    // Signed out, then in as another person, while the call was on its way.
    session.clear();
    session.save({
      username: 'leader2',
      roleCode: '4',
      roleName: '课题负责人',
      roleList: [],
      isAdmin: false,
      token: 'tok2',
    });
    release(json({ flag: false, data: null, result: '用户未登录', code: 501 }, 401));
    await expect(stale).rejects.toMatchObject({ kind: 'notLoggedIn' });
    expect(session.token()).toBe('tok2');
    expect(asked).not.toHaveBeenCalled();
    expect(notes.error).not.toHaveBeenCalled();
    off();
  });

  it('treats code 502 with no result the same way', async () => {
    login();
    answer = () => json({ flag: false, data: null, result: null, code: 502 });
    await expect(http.post('a/b')).rejects.toMatchObject({ kind: 'notLoggedIn', message: '用户未登录' });
    expect(session.isLoggedIn()).toBe(false);
  });

  it('shows the HTTP message of SPEC §8 when the answer is no envelope', async () => {
    answer = () => new Response('<html>down</html>', { status: 503, headers: { 'content-type': 'text/html' } });
    await expect(http.post('a/b')).rejects.toMatchObject({
      kind: 'http',
      status: 503,
      message: '服务不可用，服务器暂时过载或维护。',
    });
  });

  it('reports no connection as a network error', async () => {
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(http.post('a/b')).rejects.toMatchObject({ kind: 'network' });
    expect(notes.error).toHaveBeenCalled();
  });

  it('times out after 60 s and reports 504', async () => {
    vi.useFakeTimers();
    answer = () => new Promise<Response>(() => {});
    const pending = http.post('a/b');
    const check = expect(pending).rejects.toMatchObject({ kind: 'timeout', status: 504, message: '网关超时。' });
    await vi.advanceTimersByTimeAsync(59_999);
    expect(loading.count()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await check;
    expect(loading.count()).toBe(0);
  });

  it('shows the loading indicator except on quiet endpoints and silent calls', async () => {
    const seen: number[] = [];
    answer = () => {
      seen.push(loading.count());
      return json({ flag: true, data: 1, result: 'ok' });
    };
    await http.post('resource/topic/list');
    await http.post('tTopicReview/checkEndReview');
    await http.post('statistics/byArea');
    await http.post('resource/topic/list', {}, { silent: true });
    await http.post('home/queryMenuList', {}, { loading: true });
    expect(seen).toEqual([1, 0, 0, 0, 1]);
    expect(loading.count()).toBe(0);
  });

  it('holds calls while an upload runs, but lets the uploader’s own calls through', async () => {
    uploadGate.begin('f1');
    await expect(http.post('resource/topic/save', {})).rejects.toMatchObject({
      kind: 'uploadGate',
      message: '请等待文件上传完成！',
    });
    expect(notes.warning).toHaveBeenCalledWith('请等待文件上传完成！', 'upload-gate');
    expect(calls).toHaveLength(0);
    await http.post('file/getCyStorageToken', { md5: 'x' }, { form: true });
    await http.post('v2/prepare', { a: 1 }, { root: 'fileserver', raw: true });
    expect(calls).toHaveLength(2);
    expect(JSON.parse(String(calls[1].init.body))).toEqual({ a: 1 });
    uploadGate.end('f1', true);
    await expect(http.post('resource/topic/save', {})).rejects.toMatchObject({ message: '请删除上传失败文件！' });
    uploadGate.remove('f1');
    await expect(http.post('resource/topic/save', {})).resolves.toEqual({ ok: 1 });
  });

  it('answers single sign-on bodies raw', async () => {
    answer = () => json({ result: 'fail', data: '用户名或者密码错误！' });
    const body = await http.post('login', { account: ' leader1 ', password: 'x' }, { root: 'sso', raw: true });
    expect(body).toEqual({ result: 'fail', data: '用户名或者密码错误！' });
    expect(calls[0].url).toBe('/sso/login');
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ subAct: 'a', account: 'leader1', password: 'x' });
  });
});

describe('http.get', () => {
  it('sends subAct and parameters in the query', async () => {
    await http.get('captcha', { appId: 'portal' }, { root: 'sso', raw: true });
    expect(calls[0].url).toBe('/sso/captcha?subAct=a&appId=portal');
    await http.get('file/download', { id: ' 7 ' });
    expect(calls[1].url).toBe('/api/file/download?subAct=a&id=7');
    expect(calls[1].init.method).toBe('GET');
  });
});

describe('http.download', () => {
  let clicked: { href: string; download: string }[];
  beforeEach(() => {
    clicked = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
  });

  it('saves the file under the name of content-disposition', async () => {
    answer = () =>
      new Response('a,b\n', {
        status: 200,
        headers: {
          'content-type': 'text/csv',
          'content-disposition': "attachment; filename*=UTF-8''%E8%AF%BE%E9%A2%98.csv",
        },
      });
    const saved = await http.download('resource/topic/export', { method: 'POST', body: { filters: {} } });
    expect(saved).toEqual({ fileName: '课题.csv', size: 4 });
    expect(clicked).toEqual([{ href: 'blob:x', download: '课题.csv' }]);
    expect(calls[0].init.method).toBe('POST');
  });

  it('says 下载地址不存在 on 404', async () => {
    answer = () => json({ flag: false, data: null, result: '记录不存在', code: 404 }, 404);
    await expect(http.download('file/download', { params: { id: 9 } })).rejects.toMatchObject({
      message: '下载地址不存在',
      status: 404,
    });
    expect(notes.error).toHaveBeenCalledWith('下载地址不存在', undefined);
    expect(clicked).toEqual([]);
  });

  it('shows the envelope of a refused download', async () => {
    answer = () => json({ flag: false, data: null, result: '没有权限执行该操作', code: 403 }, 403);
    await expect(http.download('file/download', { params: { id: 9 } })).rejects.toMatchObject({
      message: '没有权限执行该操作',
    });
  });

  it('treats a JSON answer with status 200 as an error envelope', async () => {
    answer = () => json({ flag: false, data: null, result: '文件不存在' });
    await expect(http.download('file/download')).rejects.toMatchObject({ message: '文件不存在' });
  });
});

describe('public reads', () => {
  it('go by GET with the body as query parameters, lists and objects as JSON, and empty values left out', async () => {
    await http.read('public/announcement/list', {
      pageId: 'portal/announcement.list',
      page: 2,
      filters: [{ field: 'title', op: 'like', value: '通知' }],
      sort: undefined,
    });
    expect(calls).toHaveLength(1);
    expect(calls[0].init.method).toBe('GET');
    const url = new URL(calls[0].url, 'http://x');
    expect(url.pathname).toBe('/api/public/announcement/list');
    expect(url.searchParams.get('page')).toBe('2');
    expect(JSON.parse(url.searchParams.get('filters')!)).toEqual([{ field: 'title', op: 'like', value: '通知' }]);
    expect(url.searchParams.has('sort')).toBe(false);
  });
});
