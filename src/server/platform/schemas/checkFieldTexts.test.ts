import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSchemas } from './loadSchemas.js';
import { checkSchemas } from './checkSchemas.js';
import { helpProblem } from './checkFieldTexts.js';

const temps: string[] = [];
afterEach(() => {
  for (const d of temps.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function broken(rel: string, change: (doc: any) => void): { dir: string; file: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schemas-'));
  temps.push(dir);
  fs.cpSync(path.resolve('schemas'), dir, { recursive: true });
  const file = path.join(dir, rel);
  const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
  change(doc);
  fs.writeFileSync(file, JSON.stringify(doc, null, 2));
  return { dir, file };
}

describe('help texts', () => {
  it('takes Chinese help, with names such as PDF in it', () => {
    expect(helpProblem('请上传PDF或Word文档，大小不超过20 MB。')).toBeNull();
    expect(helpProblem(undefined)).toBeNull();
  });

  it('refuses a help with no Chinese, or with an English sentence', () => {
    expect(helpProblem("Experts of the topic's own area may not review it.")).toMatch(/Chinese/);
    expect(helpProblem('[{name, maxScore, weight}]')).toMatch(/Chinese/);
    expect(helpProblem('开启后 experts may not review it')).toMatch(/English sentence/);
  });

  it('reports an English help of an entity field and of a form field with file and path', () => {
    const a = broken('entities/reviewBatch.json', (d) => {
      d.fields.outOfArea.help = "Experts of the topic's own area may not review it.";
    });
    expect(checkSchemas(loadSchemas(a.dir))).toContainEqual(
      expect.objectContaining({ path: '/fields/outOfArea/help', message: expect.stringMatching(/Chinese/) }),
    );
    const b = broken('pages/review/reviewBatch.form.json', (d) => {
      d.sections[0].fields[0].help = 'Name of the batch';
    });
    expect(checkSchemas(loadSchemas(b.dir))).toContainEqual(
      expect.objectContaining({ path: '/sections/0/fields/0/help' }),
    );
  });

  it('reports a row check naming a column the rows do not have', () => {
    const a = broken('entities/topic.json', (d) => {
      d.fields.phases.rows.checks = [{ field: 'endDate', notBefore: 'beginDate' }];
    });
    expect(checkSchemas(loadSchemas(a.dir))).toContainEqual(
      expect.objectContaining({
        path: '/fields/phases/rows/checks/0/notBefore',
        message: 'unknown column "beginDate" of the rows',
      }),
    );
  });
});
