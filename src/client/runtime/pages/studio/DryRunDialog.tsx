import { List, Typography } from 'antd';
import { Dialog } from '../../../feedback/Dialog.js';
import { OutlineChanges } from './OutlineDiff.js';
import type { Ask } from './useStudio.js';

/**
 * The report a publish or rollback waits on: the stored records that would lose their schema and the
 * pages whose outline changes. 确认继续 answers the dry run or goes on with the rollback; 取消 stops.
 */
export function DryRunDialog({ ask, onClose }: { ask: Ask | undefined; onClose: () => void }) {
  return (
    <Dialog
      open={!!ask}
      title={ask?.orphans.length ? '此修改影响已存数据' : '此修改改变页面结构'}
      okText="确认继续"
      cancelText="取消"
      onCancel={() => {
        ask?.answer?.(false);
        onClose();
      }}
      onOk={async () => {
        const { go, answer } = ask ?? {};
        onClose();
        answer?.(true);
        await go?.();
      }}
    >
      {ask?.orphans.length ? (
        <>
          <Typography.Paragraph>
            试运行新配置对已存数据的检查结果如下，确认后发布，确认将记入操作记录：
          </Typography.Paragraph>
          <List size="small" dataSource={ask.orphans} renderItem={(o) => <List.Item>{o.message}</List.Item>} />
        </>
      ) : null}
      <OutlineChanges outlines={ask?.outlines ?? []} />
    </Dialog>
  );
}
