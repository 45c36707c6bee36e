import { ArrowLeftOutlined } from '@ant-design/icons';
import { Breadcrumb, Button } from 'antd';
import { useMemo } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useShell } from './ShellContext.js';
import { menuNamesByPath, menuParentsByPath } from './menuTree.js';
import { breadcrumbs, isSubPage } from './routeTree.js';

/** Breadcrumbs from the route path (none on home), with a back link on sub-pages. */
export function Breadcrumbs() {
  const { routes, menu } = useShell();
  const names = useMemo(() => menuNamesByPath(menu), [menu]);
  const parents = useMemo(() => menuParentsByPath(menu), [menu]);
  const location = useLocation();
  const navigate = useNavigate();
  const entry = routes.match(location.pathname);
  const crumbs = breadcrumbs(entry, new URLSearchParams(location.search), undefined, names, parents);
  if (!crumbs.length) return null;
  return (
    <div className="shell-breadcrumb">
      <Breadcrumb items={crumbs.map((c) => ({ title: c.path ? <Link to={c.path}>{c.title}</Link> : c.title }))} />
      {isSubPage(entry) && (
        <Button
          type="link"
          size="small"
          icon={<ArrowLeftOutlined />}
          onClick={() => navigate(-1)}
          className="shell-back"
        >
          返回
        </Button>
      )}
    </div>
  );
}
