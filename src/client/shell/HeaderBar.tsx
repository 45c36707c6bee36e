import { appBase, underBase } from '../api/appBase.js';
import { AppstoreOutlined, LogoutOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, Layout, Tooltip } from 'antd';
import { Suspense, useState, type RefObject } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { createClickGuard } from '../../shared/clickGuard.js';
import { logout } from './auth.js';
import { goOrReloadHome } from './goHome.js';
import { HOME_PATH, SIGN_UP_PATH } from './navigation.js';
import {
  LazyNotificationBell,
  LazyRoleSwitchDialog,
  LazySubSystemSwitchDialog,
  prefetchLoginDialog,
} from './lazyParts.js';
import { useShell } from './ShellContext.js';
import { TopMenu } from './TopMenu.js';
import { useFirstPaintDone } from '../hooks/useFirstPaintDone.js';

/** 个人中心: what the avatar and name open, the pages of the menu's 个人设置. */
export const ACCOUNT_MENU = [
  { path: '/personalSettings/profile', label: '个人信息' },
  { path: '/personalSettings/password', label: '修改密码' },
  { path: '/personalSettings/contact', label: '更换手机号/邮箱' },
  { path: '/personalSettings/sessions', label: '登录设备' },
  { path: '/personalSettings/notificationSettings', label: '消息提醒设置' },
] as const;

/** Header of SPEC §2: system name and logo, menu, sub-system and role switch, avatar, name, logout. */
export function HeaderBar(props: { subSystemRef: RefObject<HTMLSpanElement>; roleRef: RefObject<HTMLSpanElement> }) {
  const shell = useShell();
  const { user, settings, currentSubSystem, subSystems } = shell;
  const navigate = useNavigate();
  const location = useLocation();
  const [dialog, setDialog] = useState<'role' | 'subSystem' | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [logoFailed, setLogoFailed] = useState(false);
  const [logoutGuard] = useState(() => createClickGuard());
  const painted = useFirstPaintDone();

  const onLogout = async () => {
    if (!logoutGuard()) return;
    setLeaving(true);
    await logout();
    setLeaving(false);
    goOrReloadHome(navigate, location.pathname);
  };

  // Under the base path the server wrote into the page (or draws it under).
  const logo = !logoFailed && settings?.logImage ? underBase(settings.logImage) : `${appBase()}logo.svg`;

  return (
    <Layout.Header className="shell-header">
      <Link to={HOME_PATH} className="shell-brand">
        {/* The site's name beside it names the link. */}
        <img src={logo} alt="" className="shell-logo" onError={() => setLogoFailed(true)} />
        <span className="shell-system-name">{settings?.systemName ?? ''}</span>
      </Link>
      <div className="shell-header-menu">{painted ? <TopMenu /> : null}</div>
      <div className="shell-header-right">
        {user ? (
          <>
            <span ref={props.subSystemRef} className="shell-subsystem-switch">
              <Tooltip title="切换子系统">
                <Button
                  type="text"
                  icon={<AppstoreOutlined />}
                  onClick={() => setDialog('subSystem')}
                  aria-label={`切换子系统：${currentSubSystem?.systemName ?? '子系统'}`}
                >
                  <span className="shell-header-ellipsis">{currentSubSystem?.systemName ?? '子系统'}</span>
                </Button>
              </Tooltip>
            </span>
            <span ref={props.roleRef} className="shell-role-switch">
              <Tooltip title="切换角色">
                <Button
                  type="text"
                  icon={<SwapOutlined />}
                  disabled={!user.username}
                  onClick={() => setDialog('role')}
                  aria-label={`切换角色：${user.roleName}`}
                >
                  {user.roleName}
                </Button>
              </Tooltip>
            </span>
            <Suspense fallback={null}>
              <LazyNotificationBell />
            </Suspense>
            <Dropdown
              trigger={['click']}
              menu={{
                items: ACCOUNT_MENU.map(({ path, label }) => ({ key: path, label })),
                onClick: ({ key }) => navigate(key),
              }}
            >
              <button
                type="button"
                className="shell-account-menu"
                aria-label={`个人中心：${user.realName || user.username}`}
              >
                <Avatar size="small" src={user.headImg || undefined} icon={<UserOutlined />} className="shell-avatar" />
                <span className="shell-user-name">{user.realName || user.username}</span>
              </button>
            </Dropdown>
            <Tooltip title="退出登录">
              <Button
                type="text"
                icon={<LogoutOutlined />}
                loading={leaving}
                onClick={onLogout}
                aria-label="退出登录"
                className="shell-logout"
              />
            </Tooltip>
          </>
        ) : (
          <>
            {/* The way in for a new applicant, beside 登录 on every public page. */}
            <Link to={SIGN_UP_PATH} className="shell-signup-link">
              注册
            </Link>
            <Button
              type="primary"
              onClick={() => shell.openLogin()}
              onPointerEnter={prefetchLoginDialog}
              onFocus={prefetchLoginDialog}
              className="shell-login-button"
            >
              登录
            </Button>
          </>
        )}
      </div>
      <Suspense fallback={null}>
        {user && dialog === 'role' && <LazyRoleSwitchDialog open user={user} onClose={() => setDialog(null)} />}
        {user && dialog === 'subSystem' && (
          <LazySubSystemSwitchDialog
            open
            subSystems={subSystems}
            current={currentSubSystem}
            onClose={() => setDialog(null)}
            onSwitched={shell.reloadSubSystems}
          />
        )}
      </Suspense>
    </Layout.Header>
  );
}
