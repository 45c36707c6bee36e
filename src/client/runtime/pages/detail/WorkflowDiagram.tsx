/**
 * The life cycle of a record drawn from its workflow schema: stage lanes, statuses as boxes,
 * transitions as arrows labelled with the action and who fires it; the record's current status
 * and the path it took so far (read from its operation log) are marked. Laid out by dagre
 * (model/workflowGraph.ts), drawn as SVG. Loaded lazily: only detail pages pull dagre in.
 */
import { Space, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import type { OperationLogRow, WorkflowDef } from '../../../../shared/schema/types.js';
import { layoutWorkflow, type DiagramEdge, type DiagramNode } from '../../model/workflowGraph.js';
import { useRuntime } from '../../RuntimeContext.js';

const STROKE: Record<string, string> = {
  default: '#8c8c8c',
  processing: '#1677ff',
  success: '#52c41a',
  warning: '#faad14',
  error: '#ff4d4f',
  blue: '#1677ff',
  green: '#52c41a',
  orange: '#fa8c16',
  red: '#f5222d',
  gold: '#faad14',
  purple: '#722ed1',
  cyan: '#13c2c2',
};
const CURRENT = '#0958d9';
const VISITED_FILL = '#e6f4ff';
const PATH = '#fa8c16';

function edgePath(e: DiagramEdge): string {
  const [first, ...rest] = e.points;
  if (!first) return '';
  return `M${first.x},${first.y}${rest.map((p) => ` L${p.x},${p.y}`).join('')}`;
}

function NodeBox({ n }: { n: DiagramNode }) {
  const stroke = n.current ? CURRENT : (STROKE[n.color ?? 'default'] ?? STROKE.default);
  const fill = n.current ? CURRENT : n.visited ? VISITED_FILL : '#ffffff';
  return (
    <g
      className="runtime-wf-node"
      data-status={n.any ? undefined : n.id}
      data-current={n.current ? 'true' : undefined}
      data-visited={n.visited ? 'true' : undefined}
    >
      <rect
        x={n.x - n.width / 2}
        y={n.y - n.height / 2}
        width={n.width}
        height={n.height}
        rx={6}
        fill={fill}
        stroke={stroke}
        strokeWidth={n.current ? 3 : 1.5}
        strokeDasharray={n.any ? '4 3' : undefined}
      />
      <text
        x={n.x}
        y={n.y}
        dy="0.35em"
        textAnchor="middle"
        fontSize={12}
        fill={n.current ? '#ffffff' : '#262626'}
        fontWeight={n.current ? 600 : 400}
      >
        {n.label}
      </text>
    </g>
  );
}

function EdgeLine({ e }: { e: DiagramEdge }) {
  const color = e.visited ? PATH : e.system ? '#bfbfbf' : '#8c8c8c';
  const w = e.label.length * 12 * 0.85 + 6;
  return (
    <g className="runtime-wf-edge" data-edge={e.id} data-visited={e.visited ? 'true' : undefined}>
      <path
        d={edgePath(e)}
        fill="none"
        stroke={color}
        strokeWidth={e.visited ? 2.5 : 1.2}
        strokeDasharray={e.system ? '5 4' : undefined}
        markerEnd={`url(#wf-arrow-${e.visited ? 'path' : 'plain'})`}
      />
      <rect x={e.labelX - w / 2} y={e.labelY - 8} width={w} height={16} fill="#ffffff" opacity={0.85} />
      <text
        x={e.labelX}
        y={e.labelY}
        dy="0.35em"
        textAnchor="middle"
        fontSize={10}
        fill={e.visited ? '#d46b08' : '#595959'}
      >
        {e.label}
      </text>
    </g>
  );
}

/** The diagram of a workflow, with `current` and the record's path (from its log when `entity` and `id` are given) marked. */
export function WorkflowDiagram({
  workflow,
  current,
  entity,
  id,
}: {
  workflow: WorkflowDef;
  current?: string | null;
  entity?: string;
  id?: string;
}) {
  const { dataProvider } = useRuntime();
  const [log, setLog] = useState<OperationLogRow[]>([]);
  useEffect(() => {
    if (!entity || !id) return undefined;
    let alive = true;
    dataProvider.getLog(entity, id).then(
      (rows) => {
        if (alive) setLog(rows);
      },
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [dataProvider, entity, id]);
  const layout = useMemo(() => layoutWorkflow(workflow, current, log), [workflow, current, log]);
  const currentLabel = workflow.statuses.find((s) => s.code === String(current ?? ''))?.label;

  return (
    <div className="runtime-workflow">
      <Space wrap size={[16, 4]} style={{ marginBottom: 8 }}>
        <Typography.Text strong>{workflow.label ?? '状态'}</Typography.Text>
        {currentLabel && (
          <Typography.Text>
            当前状态：
            <Typography.Text strong style={{ color: CURRENT }}>
              {currentLabel}
            </Typography.Text>
          </Typography.Text>
        )}
        <Typography.Text type="secondary">
          <span style={{ color: PATH }}>━</span> 已经过的步骤
        </Typography.Text>
        <Typography.Text type="secondary">┅ 系统自动处理</Typography.Text>
      </Space>
      {/* A region that scrolls is reachable by keyboard (arrow keys scroll it once focused). */}
      <div
        tabIndex={0}
        role="region"
        aria-label={`${workflow.label ?? '状态'}示意图`}
        style={{ overflow: 'auto', maxWidth: '100%', border: '1px solid #f0f0f0', borderRadius: 6 }}
      >
        <svg
          className="runtime-wf-diagram"
          role="img"
          aria-label={`${workflow.label ?? '状态'}示意图`}
          width={layout.width}
          height={layout.height}
          viewBox={`0 0 ${layout.width} ${layout.height}`}
          style={{ display: 'block', fontFamily: 'inherit' }}
        >
          <defs>
            {(['plain', 'path'] as const).map((k) => (
              <marker
                key={k}
                id={`wf-arrow-${k}`}
                viewBox="0 0 10 10"
                refX={9}
                refY={5}
                markerWidth={7}
                markerHeight={7}
                orient="auto-start-reverse"
              >
                <path d="M0,0 L10,5 L0,10 z" fill={k === 'path' ? PATH : '#8c8c8c'} />
              </marker>
            ))}
          </defs>
          {layout.lanes.map((l) => (
            <g key={l.id} className="runtime-wf-lane" data-lane={l.id}>
              <rect x={l.x} y={l.y} width={l.width} height={l.height} rx={8} fill="#fafafa" stroke="#e8e8e8" />
              <text x={l.x + 12} y={l.y + 18} fontSize={13} fontWeight={600} fill="#434343">
                {l.label}
              </text>
            </g>
          ))}
          {layout.edges.map((e) => (
            <EdgeLine key={e.id} e={e} />
          ))}
          {layout.nodes.map((n) => (
            <NodeBox key={n.id} n={n} />
          ))}
        </svg>
      </div>
    </div>
  );
}

export default WorkflowDiagram;
