import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSchemas } from './loadSchemas.js';
import { checkConsistency } from './checkConsistency.js';

const temps: string[] = [];

/** A temp copy of schemas/ with reviewTargets.json changed. */
function withTargets(change: (doc: any) => void): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schemas-'));
  fs.cpSync(path.resolve('schemas'), dir, { recursive: true });
  temps.push(dir);
  const file = path.join(dir, 'reviewTargets.json');
  const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
  change(doc);
  fs.writeFileSync(file, JSON.stringify(doc, null, 2));
  return dir;
}

afterEach(() => {
  for (const d of temps.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const decisionProblems = (dir: string) =>
  checkConsistency(loadSchemas(dir)).filter((p) => p.path.includes('/decisionActions'));

describe('review targets: decisions against the workflows', () => {
  it('finds every decision of the repository carried out after each stage', () => {
    expect(decisionProblems(path.resolve('schemas'))).toEqual([]);
  });

  it('reports an unknown transition and a decision no listed transition starts from where a stage review ends', () => {
    const dir = withTargets((doc) => {
      doc.targets.topic.decisionActions = { '1': ['provinceApprove'], '2': ['cityReturn', 'noSuchAction'] };
    });
    const problems = decisionProblems(dir);
    expect(problems).toContainEqual(
      expect.objectContaining({
        path: '/targets/topic/decisionActions/2/1',
        message: 'unknown transition "noSuchAction" of workflow "topic"',
      }),
    );
    // provinceApprove starts from none of 2, 11, 31, 16: the statuses after the 立项, 中期, 成果鉴定 and 结题 reviews.
    const stuck = problems.filter((p) => p.path === '/targets/topic/decisionActions/1').map((p) => p.message);
    expect(stuck).toHaveLength(4);
    expect(stuck.find((m) => m.includes('stage "3"'))).toContain('status "11"');
    expect(problems.filter((p) => p.path === '/targets/topic/decisionActions/2')).toEqual([]);
  });
});
