import { Button } from 'antd';
import { StatusResult } from '../../feedback/StatusResult.js';
import { useHref, useNavigate } from 'react-router-dom';
import { HOME_PATH } from '../navigation.js';

/** A link (the page the server drew leads home before the app has arrived), followed by the app once it has. */
function HomeButton() {
  const navigate = useNavigate();
  const href = useHref(HOME_PATH);
  return (
    <Button
      type="primary"
      href={href}
      onClick={(e) => {
        e.preventDefault();
        navigate(HOME_PATH);
      }}
    >
      返回首页
    </Button>
  );
}

/** /403: no permission. */
export function ForbiddenPage() {
  return (
    <StatusResult
      status="403"
      title="403"
      subTitle="抱歉，您没有权限访问该页面。"
      extra={<HomeButton />}
      className="shell-result shell-403"
    />
  );
}

/** /500: the server failed. */
export function ServerErrorPage() {
  return (
    <StatusResult
      status="500"
      title="500"
      subTitle="抱歉，服务异常，请稍后再试。"
      extra={<HomeButton />}
      className="shell-result shell-500"
    />
  );
}

/** Fallback for unknown paths and for routes whose module is not built yet. */
export function NotFoundPage() {
  return (
    <StatusResult
      status="404"
      title="404"
      subTitle="抱歉，您访问的页面不存在。"
      extra={<HomeButton />}
      className="shell-result shell-404"
    />
  );
}
