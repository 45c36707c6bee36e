import { CopyOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { copyText, COPY_MESSAGES } from '../../../shared/copy.js';
import { useMessage } from '../../feedback/messages.js';

/** SPEC §5's copy action beside a value: 复制成功, or 无复制内容 when there is nothing to copy. */
export function CopyButton({ text, label }: { text: string | null | undefined; label?: string }) {
  const message = useMessage();
  return (
    <Button
      type="link"
      size="small"
      className="runtime-copy"
      icon={<CopyOutlined />}
      aria-label={label ? `复制${label}` : '复制'}
      title="复制"
      onClick={async (e) => {
        e.stopPropagation();
        const { ok, message: said } = await copyText(text);
        if (ok) void message.success(said);
        else if (said === COPY_MESSAGES.empty) void message.warning(said);
        else void message.error(said);
      }}
    />
  );
}
