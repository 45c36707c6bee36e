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
    // provinceApprove starts from none of 2, 7, 11, 31, 16: the statuses after the 立项, 开题, 中期, 成果鉴定 and 结题 reviews.
    const stuck = problems.filter((p) => p.path === '/targets/topic/decisionActions/1').map((p) => p.message);
    expect(stuck).toHaveLength(5);
    expect(stuck.find((m) => m.includes('stage "3"'))).toContain('status "11"');
    expect(stuck.find((m) => m.includes('stage "2"'))).toContain('status "7"');
    expect(problems.filter((p) => p.path === '/targets/topic/decisionActions/2')).toEqual([]);
  });
});

describe('an order within the sort', () => {
  it('names a stored field of the entity', () => {
    const dir = withTargets(() => undefined);
    const file = path.join(dir, 'entities', 'keepWatchPerson.json');
    const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(checkConsistency(loadSchemas(dir)).filter((p) => p.path.includes('/sortThen'))).toEqual([]);
    doc.sortThen = [{ field: 'shiftRank', order: 'asc' }];
    fs.writeFileSync(file, JSON.stringify(doc, null, 2));
    expect(checkConsistency(loadSchemas(dir)).filter((p) => p.path.includes('/sortThen'))).toEqual([
      expect.objectContaining({ path: '/sortThen/0/field', message: 'the entity has no stored field "shiftRank"' }),
    ]);
  });
});

describe('masked fields: who reads them whole (unmaskFor)', () => {
  const problems = (change: (set: ReturnType<typeof loadSchemas>) => void) => {
    const set = loadSchemas(path.resolve('schemas'));
    change(set);
    return checkConsistency(set).filter((p) => p.path.includes('unmaskFor'));
  };

  it('accepts the repository: every phone and ID number says who reads it whole', () => {
    expect(problems(() => undefined)).toEqual([]);
    const set = loadSchemas(path.resolve('schemas'));
    expect(set.entities.get('keepWatchPerson')!.fields.phone.unmaskFor).toEqual({ holder: 'userId', managers: true });
    expect(set.entities.get('user')!.fields.mobile.unmaskFor).toEqual({ holder: 'id', managers: true });
  });

  it('refuses an editable masked field its managers cannot read whole, an unknown holder, and unmaskFor without a mask', () => {
    const found = problems((set) => {
      const duty = set.entities.get('keepWatchPerson')!;
      duty.fields.phone = { ...duty.fields.phone, unmaskFor: { holder: 'userId' } };
      duty.fields.note = { ...duty.fields.note, unmaskFor: { managers: true } };
      const expert = set.entities.get('expert')!;
      expert.fields.mobile = { ...expert.fields.mobile, unmaskFor: { holder: 'nobody', managers: true } };
      const topic = set.entities.get('topic')!;
      const { unmaskFor: _, ...members } = topic.fields.members;
      topic.fields.members = members;
    });
    expect(found.map((p) => p.path).sort()).toEqual(
      [
        '/fields/phone/unmaskFor',
        '/fields/note/unmaskFor',
        '/fields/mobile/unmaskFor/holder',
        '/fields/members/unmaskFor',
      ].sort(),
    );
    expect(found.find((p) => p.path === '/fields/phone/unmaskFor')!.message).toMatch(/managers/);
  });
});

describe('a conditional required field (requiredWhen)', () => {
  const problems = (change: (set: ReturnType<typeof loadSchemas>) => void) => {
    const set = loadSchemas(path.resolve('schemas'));
    change(set);
    return checkConsistency(set).filter((p) => p.path.includes('requiredWhen'));
  };

  it('accepts the repository: the 活页 is required while the topic carries its notice’s ask', () => {
    expect(problems(() => undefined)).toEqual([]);
    const topic = loadSchemas(path.resolve('schemas')).entities.get('topic')!;
    expect(topic.fields.argumentSheet.requiredWhen).toEqual({ '==': [{ var: 'record.noticeArgumentSheet' }, true] });
    expect(topic.fields.noticeArgumentSheet.readOnly).toBe(true);
  });

  it('refuses a rule reading beyond the record’s own fields, and one on a field always required', () => {
    const found = problems((set) => {
      const topic = set.entities.get('topic')!;
      topic.fields.argumentSheet = {
        ...topic.fields.argumentSheet,
        requiredWhen: { and: [{ var: 'record.noSuchField' }, { '==': [{ var: 'user.roleCode' }, '4'] }] },
      };
      topic.fields.name = { ...topic.fields.name, requiredWhen: { var: 'record.noticeArgumentSheet' } };
    });
    expect(found.map((p) => p.message).sort()).toEqual(
      [
        '"record.noSuchField" is not a field of the record (record.<field>)',
        '"user.roleCode" is not a field of the record (record.<field>)',
        'a field with required: true needs no requiredWhen',
      ].sort(),
    );
  });
});
