// @vitest-environment jsdom
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { MessageProvider } from '../feedback/messages.js';
import zhCN from 'antd/locale/zh_CN';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoadedRouteDef } from '../../shared/schema/types.js';
import { session } from '../api/session.js';
import { setNotifier } from '../api/notifier.js';
import { ShellLayout } from './ShellLayout.js';
import { ShellProvider } from './ShellContext.js';
import type { ServerMenuNode } from './menuTree.js';

// The shell's part is to hand the runtime the right page, mode and query; the runtime has its own tests.
vi.mock('../runtime/index.js', () => ({
  SchemaPage: (p: { pageId: string; mode?: string; query: Record<string, string> }) => (
    <div className="fake-schema-page">{`page ${p.pageId} ${p.mode ?? ''} ${JSON.stringify(p.query)}`}</div>
  ),
}));

// The page chunks the shell starts loading as a route opens.
const preloaded = vi.hoisted(() => [] as (string | undefined)[]);
vi.mock('../runtime/pages/pageChunks.js', () => ({
  preloadPageChunk: (name: string | undefined) => {
    preloaded.push(name);
  },
}));

// A 2-core machine renders antd in jsdom slowly.
configure({ asyncUtilTimeout: 5000 });

const routes: LoadedRouteDef[] = [
  { path: '/', name: '首页', redirect: '/homePage', hidden: true, public: true },
  // As the server answers it (routesWithChunks): home is a dashboard page, drawn by its kind's chunk.
  { path: '/homePage', name: '首页', page: 'portal/home.dashboard', pageChunk: 'dashboard', public: true },
  {
    path: '/noticeAnnouncement',
    name: '通知公告',
    page: 'portal/announcement.list',
    pageChunk: 'list',
    public: true,
    children: [
      {
        path: '/noticeAnnouncement/lookAnnouncement',
        name: '通知公告详情',
        page: 'portal/announcement.look',
        mode: 'look',
        hidden: true,
        public: true,
      },
    ],
  },
  {
    path: '/projectManagement',
    name: '课题管理',
    children: [
      {
        path: '/projectManagement/projectList',
        name: '课题列表',
        children: [
          { path: '/projectManagement/projectList/projectDetail', name: '课题详情', hidden: true, hideHeader: true },
          { path: '/projectManagement/projectList/operateDetail', name: '操作详情', hidden: true },
        ],
      },
      { path: '/projectManagement/changeList', name: '课题变更' },
    ],
  },
  {
    path: '/resultsManagement',
    name: '成果管理',
    children: [{ path: '/resultsManagement/resultList', name: '成果论文' }],
  },
  { path: '/403', name: '无权限', component: '403', hidden: true, public: true },
  { path: '/500', name: '服务异常', component: '500', hidden: true, public: true },
];

const leaderMenu: ServerMenuNode[] = [
  { name: '首页', path: '/homePage' },
  {
    name: '课题管理',
    path: '/projectManagement',
    children: [
      { name: '我的课题列表', code: 'ktlb', path: '/projectManagement/projectList', num: 3, numLabel: '待办' },
      { name: '课题变更申请', code: 'bglb', path: '/projectManagement/changeList' },
    ],
  },
  { name: '成果管理', path: '/resultsManagement', children: [] },
];

const settings = {
  systemName: '教育科研课题管理平台',
  logImage: '/logo.svg',
  footer: { organiser: '主办单位：省教育厅', version: 'V1.1.1110' },
};
let subSystems: any[];
let messages: string[];
let calls: string[];

function reply(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const leader = {
  username: 'leader1',
  realName: '张老师',
  roleCode: '4',
  roleName: '课题负责人',
  isAdmin: false,
  token: 'tok',
  csrfToken: 'c',
  roleList: [{ roleCode: '4', roleName: '课题负责人', engName: 'FZR' }],
  subSystemId: 1,
};

beforeAll(() => {
  // jsdom answers "not implemented" for the pseudo-element form antd uses to measure scroll bars.
  const computed = window.getComputedStyle.bind(window);
  window.getComputedStyle = (elt: Element) => computed(elt);
  // antd's responsive helpers ask for matchMedia, which jsdom lacks.
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }),
  });
});

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  preloaded.length = 0;
  session.clear();
  messages = [];
  calls = [];
  subSystems = [
    { id: 1, systemName: '教育科学规划课题管理', organize: '规划办', defaultFlag: 1, remindAgain: 1, current: 1 },
  ];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.split('?')[0];
      calls.push(url);
      const body = init?.body ? JSON.parse(String(init.body)) : {};
      switch (path) {
        case '/api/home/queryMenuList':
          return reply({ flag: true, data: leaderMenu, result: 'ok' });
        case '/api/basicInfoMaintain/listBasicInfoMaintain':
          return reply({ flag: true, data: subSystems, result: 'ok' });
        case '/sso/captcha':
          return reply({
            code: 0,
            message: 'success',
            data: { captchaId: 'cap1', captchaType: 'picture', captchaUrl: '/sso/captcha/image/cap1' },
          });
        case '/sso/login':
          return reply(
            body.password === 'right'
              ? { result: 'success', data: { tgt: 'TGT' } }
              : { result: 'fail', data: '用户名或者密码错误！' },
          );
        case '/api/sys/login':
          return reply({ flag: true, data: leader, result: 'ok' });
        default:
          return reply({ flag: false, data: null, result: '接口不存在', code: 404 }, 404);
      }
    }),
  );
  setNotifier({ error: (t) => messages.push(t), warning: (t) => messages.push(t), success: (t) => messages.push(t) });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setNotifier(null);
});

let where = '';
function Where() {
  const l = useLocation();
  where = l.pathname + l.search;
  return null;
}

function renderAt(path: string) {
  return render(
    <ConfigProvider locale={zhCN} theme={{ token: { motion: false } }}>
      <MessageProvider>
        <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
          <ShellProvider routes={routes} settings={settings}>
            <ShellLayout />
            <Where />
          </ShellProvider>
        </MemoryRouter>
      </MessageProvider>
    </ConfigProvider>,
  );
}

function bodyText(): string {
  return document.body.textContent ?? '';
}

describe('shell as a visitor', () => {
  it('shows home with the system name, the public navigation, a login button and the footer', async () => {
    renderAt('/homePage');
    await waitFor(() => expect(screen.getAllByText('教育科研课题管理平台').length).toBeGreaterThan(0));
    expect(screen.getByRole('button', { name: /登\s*录/ })).toBeTruthy();
    // The public navigation comes a frame after the first paint (HeaderBar: useFirstPaintDone).
    await waitFor(() => expect(bodyText()).toContain('通知公告'));
    expect(bodyText()).toContain('V1.1.1110');
    expect(bodyText()).toContain('主办单位：省教育厅');
    // Home has no breadcrumb.
    expect(document.querySelector('.shell-breadcrumb')).toBeNull();
  });

  it('renders home (its banner, workbench and portal sections: one page schema) and page routes through the runtime', async () => {
    renderAt('/homePage');
    await waitFor(() => expect(document.querySelectorAll('.fake-schema-page')).toHaveLength(1));
    expect(bodyText()).toContain('page portal/home.dashboard');
    cleanup();
    renderAt('/noticeAnnouncement/lookAnnouncement?id=7');
    await waitFor(() => expect(bodyText()).toContain('page portal/announcement.look look {"id":"7"}'));
    expect(document.querySelector('.shell-breadcrumb')?.textContent).toContain('通知公告/通知公告详情');
  });

  it("starts loading a page route's own chunk as the route opens, before the runtime has the page", async () => {
    renderAt('/noticeAnnouncement');
    await waitFor(() => expect(bodyText()).toContain('page portal/announcement.list'));
    expect(preloaded).toContain('list');
    // The page schema too, while the (here mocked) runtime would still be loading.
    expect(calls.filter((u) => u.startsWith('/api/schema/page'))).toHaveLength(1);
    cleanup();
    preloaded.length = 0;
    renderAt('/homePage');
    await waitFor(() => expect(document.querySelectorAll('.fake-schema-page')).toHaveLength(1));
    // Home's own kind; its sections are compact lists, which need no chunk of their own.
    expect(preloaded.filter(Boolean)).toEqual(['dashboard']);
  });

  it('sends a visitor on a private page to home with the login dialog open', async () => {
    renderAt('/projectManagement/projectList');
    await waitFor(() => expect(where).toBe('/homePage'));
    await waitFor(() => expect(document.querySelector('.shell-login-dialog')).not.toBeNull());
    expect(bodyText()).toContain('用户登录');
  });

  it('lets /403 and unknown paths through without a login', async () => {
    renderAt('/403');
    await waitFor(() => expect(bodyText()).toContain('抱歉，您没有权限访问该页面。'));
    expect(where).toBe('/403');
    cleanup();
    renderAt('/no/such/page');
    await waitFor(() => expect(bodyText()).toContain('抱歉，您访问的页面不存在。'));
    expect(document.querySelector('.shell-login-dialog')).toBeNull();
  });

  it('checks the empty fields, then shows the SSO message for a wrong password', async () => {
    renderAt('/homePage');
    fireEvent.click(await screen.findByRole('button', { name: /登\s*录/ }));
    const submit = await waitFor(() => {
      const b = document.querySelector('.shell-login-submit') as HTMLButtonElement;
      expect(b).not.toBeNull();
      return b;
    });
    fireEvent.click(submit);
    await waitFor(
      () => {
        expect(bodyText()).toContain('用户名不能为空');
        expect(bodyText()).toContain('密码不能为空');
        expect(bodyText()).toContain('请输入验证码!');
      },
      { timeout: 4000 },
    );
    for (const p of ['请输入用户名', '请输入密码', '请输入验证码'])
      expect(screen.getByPlaceholderText(p).getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((u) => u.startsWith('/sso/login'))).toEqual([]);
    fireEvent.change(screen.getByPlaceholderText('请输入用户名'), { target: { value: 'leader1' } });
    fireEvent.change(screen.getByPlaceholderText('请输入密码'), { target: { value: 'wrong' } });
    fireEvent.change(screen.getByPlaceholderText('请输入验证码'), { target: { value: 'te st' } });
    expect((screen.getByPlaceholderText('请输入验证码') as HTMLInputElement).value).toBe('test');
    fireEvent.click(submit);
    await waitFor(() => expect(messages).toContain('用户名或者密码错误！'));
    expect(session.isLoggedIn()).toBe(false);
    expect((document.querySelector('.shell-captcha-picture img') as HTMLImageElement).getAttribute('width')).toBe('90');
  });

  it('logs in from a link to a record (a reminder e-mail), stores the user, closes the dialog and opens that record', async () => {
    renderAt('/projectManagement/projectList/projectDetail?id=7');
    await screen.findByPlaceholderText('请输入用户名');
    fireEvent.change(screen.getByPlaceholderText('请输入用户名'), { target: { value: 'leader1' } });
    fireEvent.change(screen.getByPlaceholderText('请输入密码'), { target: { value: 'right' } });
    fireEvent.change(screen.getByPlaceholderText('请输入验证码'), { target: { value: 'test' } });
    await waitFor(() => expect(document.querySelector('.shell-captcha-picture img')).not.toBeNull());
    fireEvent.click(document.querySelector('.shell-login-submit')!);
    await waitFor(() => expect(screen.getByText('张老师')).toBeTruthy());
    expect(localStorage.getItem('tgt')).toBeNull();
    expect(localStorage.getItem('engName')).toBe('FZR');
    await waitFor(() => expect(where).toBe('/projectManagement/projectList/projectDetail?id=7'));
  });
});

describe('shell for a logged-in user', () => {
  beforeEach(() => session.save(leader as any));

  it('shows the role menu with badges, the section sider and the parent highlighted on a hidden page', async () => {
    renderAt('/projectManagement/projectList/operateDetail?id=1');
    await waitFor(() => expect(document.querySelector('.shell-sider')).not.toBeNull());
    expect(bodyText()).toContain('我的课题列表');
    expect(document.querySelector('.shell-sider .ant-menu-item-selected')?.textContent).toContain('我的课题列表');
    // The header's menu comes a frame after the first paint.
    await waitFor(() =>
      expect(document.querySelector('.shell-top-menu .ant-menu-item-selected')?.textContent).toContain('课题管理'),
    );
    // A badge that is not the page's own list says what it counts.
    expect(document.querySelector('.shell-sider .ant-badge')?.textContent).toContain('待办 3');
    expect(document.querySelector('.shell-sider .ant-badge sup')?.getAttribute('title')).toBe('待办 3 项');
    // Breadcrumb from the route path, and a back link on the sub-page.
    expect(document.querySelector('.shell-breadcrumb')?.textContent).toContain('课题管理/我的课题列表/操作详情');
    expect(document.querySelector('.shell-back')).not.toBeNull();
    // Not built yet: the fallback page, not a fake one.
    await waitFor(() => expect(bodyText()).toContain('抱歉，您访问的页面不存在。'));
  });

  it('opens a section at its first entry', async () => {
    renderAt('/projectManagement');
    await waitFor(() => expect(where).toBe('/projectManagement/projectList'));
  });

  it('sends a section without entries to /403 with 你没有该栏目的权限！！', async () => {
    renderAt('/homePage');
    const item = await waitFor(() => {
      const el = [...document.querySelectorAll('.shell-top-menu .ant-menu-item')].find((e) =>
        e.textContent?.includes('成果管理'),
      );
      expect(el).toBeTruthy();
      return el as HTMLElement;
    });
    fireEvent.click(item);
    await waitFor(() => expect(where).toBe('/403'));
    expect(messages).toContain('你没有该栏目的权限！！');
  });

  it('forgets the topic list state when its entry is opened', async () => {
    sessionStorage.setItem('listBasicObj', '{"page":4}');
    renderAt('/projectManagement/changeList');
    const item = await waitFor(() => {
      const el = [...document.querySelectorAll('.shell-sider .ant-menu-item')].find((e) =>
        e.textContent?.includes('我的课题列表'),
      );
      expect(el).toBeTruthy();
      return el as HTMLElement;
    });
    fireEvent.click(item);
    await waitFor(() => expect(where).toBe('/projectManagement/projectList'));
    expect(sessionStorage.getItem('listBasicObj')).toBeNull();
  });

  it('hides the header on the project detail page', async () => {
    renderAt('/projectManagement/projectList/projectDetail?id=1');
    await waitFor(() => expect(bodyText()).toContain('课题详情'));
    expect(document.querySelector('.shell-header')).toBeNull();
  });

  it('re-opens the login dialog when the server says the session is gone', async () => {
    renderAt('/homePage');
    await screen.findByText('张老师');
    await act(async () => {
      session.clear();
      session.requestLogin({ reason: 'notLoggedIn' });
    });
    await waitFor(() => expect(document.querySelector('.shell-login-dialog')).not.toBeNull(), { timeout: 4000 });
    expect(document.querySelector('.shell-login-button')).not.toBeNull();
    expect(screen.queryByText('张老师')).toBeNull();
  });

  it('shows the guided tour on home while remindAgain is not 1', async () => {
    subSystems = [{ ...subSystems[0], remindAgain: 0 }];
    renderAt('/homePage');
    await waitFor(() => expect(bodyText()).toContain('点击这里可以在各子系统之间切换'), { timeout: 3000 });
  });

  it('does not show the tour once remindAgain is 1', async () => {
    renderAt('/homePage');
    await screen.findByText('张老师');
    await new Promise((r) => setTimeout(r, 300));
    expect(bodyText()).not.toContain('点击这里可以在各子系统之间切换');
  });
});
