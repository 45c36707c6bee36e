// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { cleanup, render, waitFor } from '@testing-library/react';
import type { OperationLogRow, WorkflowDef } from '../../../../shared/schema/types.js';
import { fixtureDictionaries, fixtureEntities, fixturePages, fixtureWorkflows } from '../../__fixtures__/index.js';
import { ANY_NODE, edgeLabel, layoutWorkflow, transitionArrows } from '../../model/workflowGraph.js';
import { RuntimeProvider } from '../../RuntimeContext.js';
import { createFixtureDataProvider } from '../../testing/fixtureDataProvider.js';
import { setupDom } from '../../testing/setupDom.js';
import { WorkflowDiagram } from './WorkflowDiagram.js';

setupDom();
afterEach(() => cleanup());

const topic: WorkflowDef = JSON.parse(fs.readFileSync(path.resolve('schemas/workflows/topic.json'), 'utf8'));
const schemas = {
  pages: fixturePages,
  entities: fixtureEntities,
  workflows: fixtureWorkflows,
  dictionaries: fixtureDictionaries,
};

/** The topic's log so far: applied, returned by the city, submitted again, approved by the city (now at province, 4). */
const LOG: OperationLogRow[] = [
  { id: '1', action: 'create', toStatus: '0', createdAt: 1 },
  { id: '2', action: 'submit', fromStatus: '0', toStatus: '2', createdAt: 2 },
  { id: '3', action: 'cityReturn', fromStatus: '2', toStatus: '902', createdAt: 3 },
  { id: '4', action: 'submit', fromStatus: '902', toStatus: '2', createdAt: 4 },
  { id: '5', action: 'cityApprove', fromStatus: '2', toStatus: '4', createdAt: 5 },
];

function allArrows(wf: WorkflowDef): Set<string> {
  return new Set(
    wf.transitions.flatMap((t) => transitionArrows(t, wf.statuses.length).map((a) => `${a.from}->${a.to}`)),
  );
}

describe('workflow diagram', () => {
  it('draws a node for every status, an arrow for every transition and marks the current status and the path from the log', async () => {
    const dp = createFixtureDataProvider(schemas);
    dp.getLog = async () => LOG;
    const { container } = render(
      <RuntimeProvider dataProvider={dp} user={null}>
        <WorkflowDiagram workflow={topic} current="4" entity="topic" id="7" />
      </RuntimeProvider>,
    );
    await waitFor(() => expect(container.querySelectorAll('.runtime-wf-edge[data-visited="true"]').length).toBe(4));

    const statuses = [...container.querySelectorAll('.runtime-wf-node[data-status]')].map((n) =>
      n.getAttribute('data-status'),
    );
    expect(statuses.sort()).toEqual(topic.statuses.map((s) => s.code).sort());
    for (const s of topic.statuses) {
      expect(container.querySelector(`.runtime-wf-node[data-status="${s.code}"]`)!.textContent).toContain(s.label);
    }

    const edges = [...container.querySelectorAll('.runtime-wf-edge')].map((e) => e.getAttribute('data-edge'));
    expect(new Set(edges)).toEqual(allArrows(topic));
    // Every transition's label (action and roles) is on its arrow.
    for (const t of topic.transitions) {
      const [a] = transitionArrows(t, topic.statuses.length);
      expect(container.querySelector(`.runtime-wf-edge[data-edge="${a.from}->${a.to}"]`)!.textContent).toContain(
        edgeLabel(t),
      );
    }
    expect(edgeLabel(topic.transitions.find((t) => t.action === 'cityApprove')!)).toBe('市级审核通过（市级管理员）');
    // withdraw comes from almost every status: one arrow from the "任一状态" node.
    expect(edges).toContain(`${ANY_NODE}->24`);

    const current = container.querySelectorAll('.runtime-wf-node[data-current="true"]');
    expect(current).toHaveLength(1);
    expect(current[0].getAttribute('data-status')).toBe('4');
    const visited = [...container.querySelectorAll('.runtime-wf-node[data-visited="true"]')]
      .map((n) => n.getAttribute('data-status'))
      .sort();
    expect(visited).toEqual(['0', '2', '4', '902']);
    const walked = [...container.querySelectorAll('.runtime-wf-edge[data-visited="true"]')]
      .map((e) => e.getAttribute('data-edge'))
      .sort();
    expect(walked).toEqual(['0->2', '2->4', '2->902', '902->2']);
    expect(container.querySelectorAll('.runtime-wf-lane')).toHaveLength(6);
    expect(container.textContent).toContain('第2阶段 开题报告');
  });

  it('lays every status inside its stage lane, without overlapping boxes', () => {
    const layout = layoutWorkflow(topic, '0');
    const lanes = new Map(layout.lanes.map((l) => [l.id, l]));
    for (const s of topic.statuses) {
      const n = layout.nodes.find((x) => x.id === s.code)!;
      const lane = lanes.get(s.stage === undefined ? 'other' : `lane${s.stage}`)!;
      expect(n.x - n.width / 2, s.code).toBeGreaterThanOrEqual(lane.x);
      expect(n.x + n.width / 2, s.code).toBeLessThanOrEqual(lane.x + lane.width);
      expect(n.y - n.height / 2, s.code).toBeGreaterThanOrEqual(lane.y);
      expect(n.y + n.height / 2, s.code).toBeLessThanOrEqual(lane.y + lane.height);
    }
    for (const a of layout.nodes)
      for (const b of layout.nodes) {
        if (a === b) continue;
        const apart =
          Math.abs(a.x - b.x) >= (a.width + b.width) / 2 || Math.abs(a.y - b.y) >= (a.height + b.height) / 2;
        expect(apart, `${a.id} ${b.id}`).toBe(true);
      }
    expect(layout.edges.every((e) => e.points.length >= 2)).toBe(true);
  });
});
