import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, List, Popover, Tooltip, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { notificationsApi, type NoticeItem } from './notificationsApi.js';

/** Unread notices are re-counted this often, on every route change and when the list opens. */
const POLL_MS = 60_000;

/**
 * The bell of the header: unread count, and a drop-down of the latest notices; a click marks the
 * notice read and opens its page. Meeting invitations, routed questions, answers, returned topics
 * and review tasks all arrive here.
 */
export function NotificationBell() {
  const navigate = useNavigate();
  const location = useLocation();
  const [unread, setUnread] = useState(0);
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<NoticeItem[] | null>(null);

  const count = useCallback(() => {
    notificationsApi.unreadCount().then(
      (r) => setUnread(r.unread),
      () => undefined,
    );
  }, []);
  useEffect(() => {
    count();
    const timer = window.setInterval(count, POLL_MS);
    return () => window.clearInterval(timer);
  }, [count, location.pathname]);

  const load = useCallback(() => {
    notificationsApi.list(10).then(
      (p) => {
        setItems(p.list);
        setUnread(p.unread);
      },
      () => setItems([]),
    );
  }, []);

  const onOpen = (next: boolean) => {
    setOpen(next);
    if (next) load();
  };

  const openNotice = async (n: NoticeItem) => {
    if (!n.read) {
      const r = await notificationsApi.markRead(n.id).catch(() => null);
      if (r) setUnread(r.unread);
    }
    setOpen(false);
    if (n.link) navigate(n.link);
  };

  const markAll = async () => {
    await notificationsApi.markAllRead().catch(() => null);
    setUnread(0);
    load();
  };

  const content = (
    <div className="shell-notice-panel" data-testid="notice-panel">
      <div className="shell-notice-head">
        <span>消息通知</span>
        <Button type="link" size="small" disabled={!unread} onClick={markAll}>
          全部已读
        </Button>
      </div>
      {items && items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无消息" />
      ) : (
        <List
          size="small"
          loading={items === null}
          dataSource={items ?? []}
          renderItem={(n) => (
            <List.Item
              className={n.read ? 'shell-notice-item' : 'shell-notice-item shell-notice-unread'}
              onClick={() => openNotice(n)}
            >
              <List.Item.Meta
                avatar={<Badge dot={!n.read} />}
                title={
                  <Typography.Text ellipsis={{ tooltip: n.title }} strong={!n.read}>
                    {n.title}
                  </Typography.Text>
                }
                description={
                  <>
                    <div className="shell-notice-body">{n.body}</div>
                    <div className="shell-notice-time">{n.createdAt}</div>
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
    </div>
  );

  return (
    <Popover content={content} trigger="click" open={open} onOpenChange={onOpen} placement="bottomRight" arrow={false}>
      <Tooltip title="消息通知">
        {/* Named by its words and the badge's count, as read on it: 消息通知 5. */}
        <Button type="text" className="shell-notice-bell" data-testid="notice-bell">
          <span className="shell-visually-hidden">消息通知</span>
          <Badge count={unread} size="small" overflowCount={99}>
            <BellOutlined style={{ fontSize: 18 }} />
          </Badge>
        </Button>
      </Tooltip>
    </Popover>
  );
}
