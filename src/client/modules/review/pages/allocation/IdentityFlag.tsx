import { Tag, Tooltip } from 'antd';
import type { IdentityFinding, IdentityScan } from '../../../../../shared/contracts/review.js';

const where = (f: IdentityFinding) => (f.page ? `第${f.page}页` : f.paragraph ? `第${f.paragraph}段` : '');

/**
 * A topic's flag on the allocation page of a blind batch: whether its identity-free documents (the
 * 课题论证活页) name its people, unit or numbers, read again by the server as the page loads.
 */
export function IdentityFlag({ scan }: { scan: IdentityScan | undefined }) {
  if (!scan) return null;
  if (scan.state === 'found') {
    const words = scan.findings.map((f) => `「${f.word}」（${f.kind}${where(f) ? `，${where(f)}` : ''}）`).join('、');
    return (
      <Tooltip title={`活页中出现：${words}`}>
        {/* The words found are the point of the flag: they wrap within the column, never run under the next one. */}
        <Tag color="red" className="rt-identity-flag" style={{ whiteSpace: 'normal', marginInlineEnd: 0 }}>
          疑似含身份信息：{scan.findings.map((f) => f.word).join('、')}
        </Tag>
      </Tooltip>
    );
  }
  if (scan.state === 'pending') return <Tag className="rt-identity-flag">转换中，待检查</Tag>;
  if (scan.state === 'unreadable') return <Tag className="rt-identity-flag">无法读取文字</Tag>;
  return (
    <Tag color="green" className="rt-identity-flag">
      未发现身份信息
    </Tag>
  );
}
