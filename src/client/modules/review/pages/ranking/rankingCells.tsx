/** What a ranking cell and heading show: flags and tags, numbers with their unit, headings with their help mark. */
import { QuestionCircleOutlined } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';

export function cell(render: 'flag' | 'tag' | undefined, v: unknown, unit?: string) {
  if (render === 'flag') return v === true ? <Tag color="error">分歧较大</Tag> : v === false ? '一致' : '';
  if (render === 'tag') return v === null || v === undefined || v === '' ? '' : <Tag color="blue">{String(v)}</Tag>;
  if (v === null || v === undefined || v === '') return '—';
  // A number says what it counts (0人, 85.5分), never stands bare.
  return unit && /^-?\d+(\.\d+)?$/.test(String(v)) ? `${String(v)}${unit}` : String(v);
}

/** A heading with its help mark, when the schema says what the column counts. */
export function heading(label: string, tooltip?: string) {
  if (!tooltip) return label;
  return (
    <span>
      {label}
      <Tooltip title={tooltip}>
        <QuestionCircleOutlined role="img" aria-label={tooltip} tabIndex={0} style={{ marginLeft: 4 }} />
      </Tooltip>
    </span>
  );
}
