/** Calls of the header bell (module notifications). */
import { http } from '../api/http.js';

export interface NoticeItem {
  id: number;
  kind: string;
  title: string;
  body: string;
  link: string;
  read: boolean;
  createdAt: string;
}

export interface NoticePage {
  list: NoticeItem[];
  total: number;
  unread: number;
}

const quiet = { silent: true, loading: false } as const;

export const notificationsApi = {
  unreadCount: () => http.post<{ unread: number }>('notification/unreadCount', {}, quiet),
  list: (pageSize = 10) => http.post<NoticePage>('notification/list', { pageSize }, quiet),
  markRead: (id: number) => http.post<{ unread: number }>('notification/markRead', { id }, quiet),
  markAllRead: () => http.post<{ unread: number }>('notification/markAllRead', {}, quiet),
};
