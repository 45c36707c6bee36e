/**
 * What the review module's batch pages (allocation, progress, ranking) share around their answer
 * (useBatchAnswer): the 返回 button, the card while the batch is read or when there is none, and the
 * error an action left, which the user may close.
 */
import { Alert, Button, Card, Empty, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

/** 返回: to the page the schema names, else one step back. */
export function BackButton({ to }: { to?: string }) {
  const navigate = useNavigate();
  return <Button onClick={() => (to ? navigate(to) : navigate(-1))}>返回</Button>;
}

/** The page without its answer: a spinner while it is read; then the failure, or where a batch is chosen. */
export function BatchPending({
  title,
  loading,
  error,
  back,
}: {
  title: string;
  loading: boolean;
  error: string | null;
  back: ReactNode;
}) {
  if (loading)
    return (
      <Card title={title} className="runtime-page">
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      </Card>
    );
  return (
    <Card title={title} className="runtime-page" extra={back}>
      {error ? <Alert type="warning" showIcon message={error} /> : <Empty description="请从评审列表选择评审批次" />}
    </Card>
  );
}

/** An action's failure above the page's table, until the user closes it or the next action. */
export function ActionError({ error, onClose }: { error: string | null; onClose: () => void }) {
  if (!error) return null;
  return (
    <Alert type="error" showIcon role="alert" message={error} style={{ marginBottom: 12 }} closable onClose={onClose} />
  );
}
