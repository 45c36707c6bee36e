/**
 * The app's toasts (操作成功, refusals): antd's message API from one holder rendered inside the
 * theme. It stands in for antd's `App` component, of which the portal uses only `message`: `App`
 * also brings the modal and notification hooks (Modal, Skeleton, rc-dialog, rc-notification), a
 * tenth of the visitor's first page.
 */
import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface.js';
import { createContext, useContext, type ReactNode } from 'react';

const MessageContext = createContext<MessageInstance | null>(null);

/** Provides `useMessage()` below it; nested providers reuse the outer holder. */
export function MessageProvider({ children }: { children: ReactNode }) {
  const outer = useContext(MessageContext);
  const [api, holder] = message.useMessage();
  if (outer) return <>{children}</>;
  return (
    <MessageContext.Provider value={api}>
      {holder}
      {children}
    </MessageContext.Provider>
  );
}

/** The message API of the nearest provider (antd's static one outside any, as in unit tests). */
export function useMessage(): MessageInstance {
  return useContext(MessageContext) ?? message;
}
