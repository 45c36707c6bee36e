import { Button, Space } from 'antd';
import { Confirm } from '../../../../feedback/Confirm.js';
import { pageAction } from '../../../../runtime/pages/pageAction.js';

/**
 * 催办 and 结束评审 of a running batch. The end is refused with the server's reason where it may not
 * end yet; with tasks open it asks for a reason (onForce); with all submitted it is confirmed.
 */
export function EndControls({
  busy,
  missing,
  left,
  refusal,
  onRemind,
  onForce,
  onEnd,
}: {
  busy: boolean;
  /** Experts still owing a review: without one there is no one to remind. */
  missing: number;
  /** Tasks not submitted yet. */
  left: number;
  refusal?: string | null;
  onRemind: () => void;
  onForce: () => void;
  onEnd: () => Promise<void>;
}) {
  return (
    <Space style={{ marginBottom: 12 }} wrap>
      <Button onClick={onRemind} loading={busy} disabled={missing === 0} {...pageAction('progress')}>
        催办
      </Button>
      {refusal ? (
        <>
          <Button disabled aria-describedby="rt-end-refusal" {...pageAction('progress')}>
            结束评审
          </Button>
          <span id="rt-end-refusal" className="rt-end-refusal" style={{ color: '#595959' }}>
            {refusal}
          </span>
        </>
      ) : left > 0 ? (
        <Button danger onClick={onForce} {...pageAction('progress')}>
          结束评审
        </Button>
      ) : (
        <Confirm title="结束评审后将计算总评，确定结束吗？" okText="确定" cancelText="取消" onConfirm={onEnd}>
          <Button type="primary" loading={busy} {...pageAction('progress')}>
            结束评审
          </Button>
        </Confirm>
      )}
    </Space>
  );
}
