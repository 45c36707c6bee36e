/**
 * A workflow as a laid-out graph: statuses as nodes grouped in stage lanes, transitions as edges
 * labelled with the action and its roles, placed by dagre (no hand-placed coordinates). Pure data,
 * drawn by the WorkflowDiagram section.
 */
import dagre, { type EdgeLabel, type Graph, type GraphLabel, type NodeLabel } from '@dagrejs/dagre';
import { ROLE_NAMES, type RoleCode } from '../../../shared/roles.js';
import type { OperationLogRow, TransitionDef, WorkflowDef } from '../../../shared/schema/types.js';

export interface DiagramNode {
  id: string;
  label: string;
  color?: string;
  x: number;
  y: number;
  width: number;
  height: number;
  current: boolean;
  visited: boolean;
  /** The stand-in source of transitions fired from (almost) any status, e.g. withdraw. */
  any: boolean;
}

export interface DiagramEdge {
  id: string;
  from: string;
  to: string;
  label: string;
  points: { x: number; y: number }[];
  labelX: number;
  labelY: number;
  visited: boolean;
  system: boolean;
}

export interface DiagramLane {
  id: string;
  label: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface DiagramLayout {
  width: number;
  height: number;
  nodes: DiagramNode[];
  edges: DiagramEdge[];
  lanes: DiagramLane[];
}

export const ANY_NODE = '__any__';
const NODE_H = 34;
const FONT = 12;
const MARGIN = 16;

function textWidth(s: string): number {
  let w = 0;
  for (const ch of s) w += ch.charCodeAt(0) > 255 ? FONT : FONT * 0.6;
  return Math.ceil(w);
}

/** "提交（课题负责人）": the action and who fires it; system transitions say 系统. */
export function edgeLabel(t: TransitionDef): string {
  const who = t.actor === 'system' ? '系统' : t.roles.map((r) => ROLE_NAMES[r as RoleCode] ?? r).join('、');
  return who ? `${t.label}（${who}）` : t.label;
}

/**
 * Every (from, to) arrow a transition draws. A transition from more than half of the statuses
 * (withdraw) is drawn once, from the "任一状态" node, instead of as a fan of arrows.
 */
export function transitionArrows(t: TransitionDef, statusCount: number): { from: string; to: string }[] {
  if (t.from.length > statusCount / 2) return [{ from: ANY_NODE, to: t.to }];
  return t.from.map((from) => ({ from, to: t.toByFrom?.[from] ?? t.to }));
}

/** The statuses a record went through and the moves it made, read from its operation log. */
export function pathFromLog(rows: OperationLogRow[]): { statuses: Set<string>; moves: Set<string> } {
  const statuses = new Set<string>();
  const moves = new Set<string>();
  for (const r of rows) {
    if (r.fromStatus) statuses.add(r.fromStatus);
    if (r.toStatus) statuses.add(r.toStatus);
    if (r.fromStatus && r.toStatus && r.fromStatus !== r.toStatus) moves.add(`${r.fromStatus}->${r.toStatus}`);
  }
  return { statuses, moves };
}

interface LaneGraph {
  id: string;
  label: string;
  codes: string[];
  width: number;
  height: number;
  g: Graph<GraphLabel, NodeLabel, EdgeLabel>;
}

const LANE_GAP = 56;
const LANE_HEAD = 28;

/** One lane laid out by dagre on its own: its statuses and the arrows that stay inside it. */
function layoutLane(
  id: string,
  label: string,
  codes: string[],
  sizes: Map<string, number>,
  inner: [string, string, string][],
  rankdir: 'TB' | 'LR',
): LaneGraph {
  const g = new dagre.graphlib.Graph<GraphLabel, NodeLabel, EdgeLabel>({ multigraph: true });
  g.setGraph({ rankdir, nodesep: 24, ranksep: 40, edgesep: 10, marginx: MARGIN, marginy: MARGIN });
  g.setDefaultEdgeLabel(() => ({}));
  for (const c of codes) g.setNode(c, { width: sizes.get(c) ?? 80, height: NODE_H });
  for (const [from, to, text] of inner)
    g.setEdge(from, to, { width: textWidth(text) + 4, height: FONT + 4, labelpos: 'c' }, `${from}->${to}`);
  dagre.layout(g);
  const graph = g.graph();
  return {
    id,
    label,
    codes,
    g,
    width: Math.max(graph.width ?? 0, textWidth(label) + 2 * MARGIN),
    height: graph.height ?? 0,
  };
}

/** Where the straight line from a node's centre towards a point leaves the node's box. */
function boxExit(
  n: { x: number; y: number; width: number; height: number },
  toward: { x: number; y: number },
): { x: number; y: number } {
  const dx = toward.x - n.x;
  const dy = toward.y - n.y;
  if (dx === 0 && dy === 0) return { x: n.x, y: n.y };
  const sx = dx === 0 ? Infinity : n.width / 2 / Math.abs(dx);
  const sy = dy === 0 ? Infinity : n.height / 2 / Math.abs(dy);
  const k = Math.min(sx, sy);
  return { x: n.x + dx * k, y: n.y + dy * k };
}

/**
 * The stages as lanes one under the other (each laid out left to right by dagre), statuses without
 * a stage (returned, expired, revoked) in a lane below; arrows inside a lane are routed by dagre, arrows
 * between lanes join the two nodes' borders.
 */
export function layoutWorkflow(
  workflow: WorkflowDef,
  current?: string | null,
  log: OperationLogRow[] = [],
): DiagramLayout {
  const path = pathFromLog(log);
  if (current !== undefined && current !== null) path.statuses.add(String(current));
  const known = new Set(workflow.statuses.map((s) => s.code));
  const edges = new Map<string, { from: string; to: string; labels: string[]; system: boolean }>();
  for (const t of workflow.transitions) {
    for (const a of transitionArrows(t, workflow.statuses.length)) {
      if ((a.from !== ANY_NODE && !known.has(a.from)) || !known.has(a.to)) continue;
      const id = `${a.from}->${a.to}`;
      const e = edges.get(id) ?? { from: a.from, to: a.to, labels: [], system: t.actor === 'system' };
      const label = edgeLabel(t);
      if (!e.labels.includes(label)) e.labels.push(label);
      edges.set(id, e);
    }
  }

  const sizes = new Map(workflow.statuses.map((s) => [s.code, textWidth(s.label) + 24]));
  sizes.set(ANY_NODE, textWidth('任一状态') + 24);
  const laneOf = new Map<string, string>();
  const stageNames = new Map((workflow.stages ?? []).map((s) => [s.stage, s.label]));
  const stages = [...new Set(workflow.statuses.map((s) => s.stage).filter((x): x is number => x !== undefined))].sort(
    (a, b) => a - b,
  );
  for (const s of workflow.statuses) laneOf.set(s.code, s.stage === undefined ? 'other' : `lane${s.stage}`);
  const hasAny = [...edges.values()].some((e) => e.from === ANY_NODE);
  if (hasAny) laneOf.set(ANY_NODE, 'other');
  const inner = (lane: string): [string, string, string][] =>
    [...edges.values()]
      .filter((e) => laneOf.get(e.from) === lane && laneOf.get(e.to) === lane && e.from !== e.to)
      .map((e) => [e.from, e.to, e.labels.join(' / ')]);
  const codesOf = (lane: string) => [...laneOf].filter(([, l]) => l === lane).map(([c]) => c);

  const columns = stages.map((st) => {
    const name = stageNames.get(st);
    return layoutLane(
      `lane${st}`,
      name ? `第${st}阶段 ${name}` : `第${st}阶段`,
      codesOf(`lane${st}`),
      sizes,
      inner(`lane${st}`),
      'LR',
    );
  });
  const otherCodes = codesOf('other');
  const band = otherCodes.length ? layoutLane('other', '其他状态', otherCodes, sizes, inner('other'), 'LR') : null;

  // Place the lanes one under the other: the stages in order, then the band of the others.
  const placed = new Map<string, { x: number; y: number; width: number; height: number }>();
  const lanes: DiagramLane[] = [];
  const laneGraphs = band ? [...columns, band] : columns;
  const width = Math.max(...laneGraphs.map((l) => l.width), 0) + 2 * MARGIN;
  let y = MARGIN;
  for (const l of laneGraphs) {
    const left = MARGIN + (width - 2 * MARGIN - l.width) / 2;
    lanes.push({ id: l.id, label: l.label, x: MARGIN, y, width: width - 2 * MARGIN, height: l.height + LANE_HEAD });
    for (const code of l.codes) {
      const n = l.g.node(code);
      placed.set(code, { x: left + (n.x ?? 0), y: y + LANE_HEAD + (n.y ?? 0), width: n.width, height: n.height });
    }
    y += l.height + LANE_HEAD + LANE_GAP;
  }
  const height = y - LANE_GAP + MARGIN;
  const laneBox = new Map(lanes.map((l) => [l.id, l]));

  const nodes: DiagramNode[] = [...placed].map(([id, p]) => {
    const s = workflow.statuses.find((st) => st.code === id);
    return {
      id,
      label: s?.label ?? '任一状态',
      color: s?.color,
      ...p,
      current: s !== undefined && current !== undefined && current !== null && String(current) === id,
      visited: path.statuses.has(id),
      any: id === ANY_NODE,
    };
  });
  const out: DiagramEdge[] = [];
  for (const [id, e] of edges) {
    const a = placed.get(e.from);
    const b = placed.get(e.to);
    if (!a || !b) continue;
    const lane = laneOf.get(e.from)!;
    let points: { x: number; y: number }[];
    let labelX: number;
    let labelY: number;
    const lg = lane === laneOf.get(e.to) && e.from !== e.to ? laneGraphs.find((l) => l.id === lane) : undefined;
    if (lg) {
      const box = laneBox.get(lane)!;
      const l = lg.g.edge({ v: e.from, w: e.to, name: id });
      const dx = MARGIN + (width - 2 * MARGIN - lg.width) / 2;
      const dy = box.y + LANE_HEAD;
      points = (l.points ?? []).map((p: { x: number; y: number }) => ({ x: p.x + dx, y: p.y + dy }));
      labelX = (l.x ?? 0) + dx;
      labelY = (l.y ?? 0) + dy;
    } else {
      const start = boxExit(a, b);
      const end = boxExit(b, a);
      const mid = { x: (start.x + end.x) / 2, y: (start.y + end.y) / 2 };
      points = [start, mid, end];
      labelX = mid.x;
      labelY = mid.y;
    }
    out.push({
      id,
      from: e.from,
      to: e.to,
      label: e.labels.join(' / '),
      points,
      labelX,
      labelY,
      visited: path.moves.has(id),
      system: e.system,
    });
  }
  return { width: Math.ceil(width), height: Math.ceil(height), nodes, edges: out, lanes };
}
