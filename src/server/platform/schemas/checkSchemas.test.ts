import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSchemas } from './loadSchemas.js';
import { checkSchemas, SPEC_DICTIONARY_TYPES } from './checkSchemas.js';
import { WIDGET_NAMES } from '../../../shared/schema/widgetNames.js';

const SCHEMAS = path.resolve('schemas');
const temps: string[] = [];

/** A temp copy of schemas/ that a test may break. */
function copy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schemas-'));
  fs.cpSync(SCHEMAS, dir, { recursive: true });
  temps.push(dir);
  return dir;
}
function edit(dir: string, rel: string, change: (doc: any) => void): string {
  const file = path.join(dir, rel);
  const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
  change(doc);
  fs.writeFileSync(file, JSON.stringify(doc, null, 2));
  return file;
}

afterEach(() => {
  for (const d of temps.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('checkSchemas', () => {
  it('finds nothing wrong with the schemas of the repository', () => {
    expect(checkSchemas(loadSchemas(SCHEMAS))).toEqual([]);
  });

  it('reports a statistics chart grouped by a field its entity lacks', () => {
    const dir = copy();
    const file = edit(dir, 'pages/topics/topic.statistics.json', (d) => {
      d.charts[0].groupBy = 'phase';
    });
    expect(checkSchemas(loadSchemas(dir))).toContainEqual({
      file,
      path: '/charts/0/groupBy',
      message: 'unknown field "phase" of entity "topic"',
    });
  });

  it('reports a misspelt dictionary type with its file and JSON path', () => {
    const dir = copy();
    const file = edit(dir, 'entities/announcement.json', (d) => {
      d.fields.areaCode.dict = 'areacod';
    });
    const problems = checkSchemas(loadSchemas(dir));
    expect(problems).toContainEqual({
      file,
      path: '/fields/areaCode/dict',
      message: 'unknown dictionary type "areacod"',
    });
  });

  it('reports a requireOneOf group naming an unknown or a read-only field', () => {
    const dir = copy();
    const file = edit(dir, 'entities/accountContact.json', (d) => {
      d.requireOneOf = [{ fields: ['newMobile', 'newPhone', 'mobile'], message: '请输入' }];
    });
    const problems = checkSchemas(loadSchemas(dir)).filter((p) => p.path.startsWith('/requireOneOf'));
    expect(problems).toEqual([
      { file, path: '/requireOneOf/0/fields/1', message: 'unknown field "newPhone" of entity "accountContact"' },
      {
        file,
        path: '/requireOneOf/0/fields/2',
        message: 'a readOnly field is set by the server, never given by a save',
      },
    ]);
  });

  it('reports a misspelt status code in a workflow, an access rule and a page where-clause', () => {
    const dir = copy();
    const wf = edit(dir, 'workflows/information.json', (d) => {
      d.transitions[0].from = ['draft', 'withdrawm'];
    });
    const entity = edit(dir, 'entities/announcement.json', (d) => {
      d.access.update[0].when = { in: [{ var: 'record.status' }, ['draft', 'publised']] };
    });
    const page = edit(dir, 'pages/information/announcement.list.json', (d) => {
      d.where = { status: ['drafts'] };
    });
    const problems = checkSchemas(loadSchemas(dir));
    expect(problems).toContainEqual({
      file: wf,
      path: '/transitions/0/from/1',
      message: 'unknown status code "withdrawm"',
    });
    expect(problems).toContainEqual({
      file: entity,
      path: '/access/update/0/when/in/1/1',
      message: 'unknown status code "publised" of workflow "information"',
    });
    expect(problems).toContainEqual({
      file: page,
      path: '/where/status/0',
      message: 'unknown status code "drafts" of workflow "information"',
    });
  });

  it('reports the topic revocation rule when a status code in it is wrong', () => {
    const dir = copy();
    const file = edit(dir, 'workflows/topic.json', (d) => {
      const revoke = d.transitions.find((t: any) => t.action === 'revoke');
      revoke.when.or[1].and[0].in[1][0] = '44';
    });
    const i = JSON.parse(fs.readFileSync(file, 'utf8')).transitions.findIndex((t: any) => t.action === 'revoke');
    expect(checkSchemas(loadSchemas(dir))).toContainEqual({
      file,
      path: `/transitions/${i}/when/or/1/and/0/in/1/0`,
      message: 'unknown status code "44" of workflow "topic"',
    });
  });

  it('reports meta-schema violations: unknown keys, wrong enums, missing $schema, {{ }}', () => {
    const dir = copy();
    const file = edit(dir, 'entities/announcement.json', (d) => {
      delete d.$schema;
      d.fields.title.maxLenght = 10;
      d.fields.summary.type = 'strin';
      d.label = '{{ record.title }}';
    });
    const problems = checkSchemas(loadSchemas(dir)).filter((p) => p.file === file);
    expect(problems).toContainEqual({
      file,
      path: '/$schema',
      message: 'missing "$schema": "../meta/entity.schema.json"',
    });
    expect(problems).toContainEqual({ file, path: '/fields/title/maxLenght', message: 'unknown key "maxLenght"' });
    expect(problems.find((p) => p.path === '/fields/summary/type')?.message).toMatch(
      /must be one of: "string", "text"/,
    );
    expect(problems).toContainEqual({ file, path: '/label', message: 'no {{ }} expressions: write a JSON rule' });
  });

  it('reports unknown fields, widgets, pages, routes and transitions named by pages, menus and routes', () => {
    const dir = copy();
    const list = edit(dir, 'pages/information/announcement.list.json', (d) => {
      d.columns[0].field = 'titel';
      d.filters[0].widget = 'Inptu';
      d.toolbar[0].to = '/informationManagement/announcement/addAnnouncemnt';
      d.rowActions.push({ type: 'transition', action: 'publsh' });
      d.rowActions.push({
        type: 'link',
        label: 'x',
        to: '/informationManagement/announcement/editAnnouncement?id=:id&x=1',
        visible: { '==': [{ var: 'record.titel' }, 'a'] },
      });
    });
    const form = edit(dir, 'pages/information/announcement.form.json', (d) => {
      d.sections[0].fields[2].widget = 'RichTxt';
    });
    const routes = edit(dir, 'routes.json', (d) => {
      d.routes.push({ path: '/nowhere', name: 'x', page: 'information/nothing.list' });
    });
    const problems = checkSchemas(loadSchemas(dir));
    expect(problems).toContainEqual({
      file: list,
      path: '/columns/0/field',
      message: 'unknown field "titel" of entity "announcement"',
    });
    expect(problems.find((p) => p.file === list && p.path === '/filters/0/widget')).toBeTruthy();
    expect(problems).toContainEqual({
      file: list,
      path: '/toolbar/0/to',
      message: 'route path "/informationManagement/announcement/addAnnouncemnt" does not exist in routes.json',
    });
    const n = JSON.parse(fs.readFileSync(list, 'utf8')).rowActions.length;
    expect(problems).toContainEqual({
      file: list,
      path: `/rowActions/${n - 2}/action`,
      message: 'unknown transition "publsh" of workflow "information"',
    });
    expect(problems).toContainEqual({
      file: list,
      path: `/rowActions/${n - 1}/visible/==/0/var`,
      message: 'unknown field "titel" of entity "announcement"',
    });
    expect(problems.some((p) => p.file === list && p.path === `/rowActions/${n - 1}/to`)).toBe(false);
    expect(problems.find((p) => p.file === form && p.path === '/sections/0/fields/2/widget')).toBeTruthy();
    expect(
      problems.find((p) => p.file === routes && /unknown page "information\/nothing.list"/.test(p.message)),
    ).toBeTruthy();
  });

  it('refuses a read rule the database cannot apply', () => {
    const dir = copy();
    const file = edit(dir, 'entities/announcement.json', (d) => {
      d.access.read[1].when = { if: [{ var: 'record.status' }, true, false] };
    });
    const problems = checkSchemas(loadSchemas(dir));
    expect(problems.find((p) => p.file === file && p.path === '/access/read/1/when')?.message).toMatch(
      /read rules filter lists in the database/,
    );
  });

  it("reports a transition's notice naming an unknown field or a page that does not exist", () => {
    const dir = copy();
    const file = edit(dir, 'workflows/achievement.json', (d) => {
      const t = d.transitions.find((x: { action: string }) => x.action === 'return');
      t.notify = { ...t.notify, to: ['ownerId', 'authorId'], link: '/resultsManagement/resultList/nowhere' };
    });
    const i = JSON.parse(fs.readFileSync(file, 'utf8')).transitions.findIndex(
      (x: { action: string }) => x.action === 'return',
    );
    const problems = checkSchemas(loadSchemas(dir)).filter((p) => p.path.includes('/notify/'));
    expect(problems.map((p) => [p.path, p.message])).toEqual([
      [`/transitions/${i}/notify/to/1`, 'entity "achievement" has no field "authorId"'],
      [`/transitions/${i}/notify/link`, expect.stringContaining('/resultsManagement/resultList/nowhere')],
    ]);
  });

  it('requires every dictionary type of SPEC §3', () => {
    const dir = copy();
    fs.rmSync(path.join(dir, 'dictionaries', 'psgz.json'));
    expect(checkSchemas(loadSchemas(dir)).map((p) => p.message)).toContain(
      'dictionary type "psgz" (SPEC §3) is missing',
    );
    expect(SPEC_DICTIONARY_TYPES).toHaveLength(17);
  });

  it('offers editors the same widget names the server accepts', () => {
    const common = JSON.parse(fs.readFileSync(path.join(SCHEMAS, 'meta', 'common.schema.json'), 'utf8'));
    expect(common.$defs.widget.enum).toEqual([...WIDGET_NAMES]);
  });

  it('describes every key of every meta-schema', () => {
    const missing: string[] = [];
    const walk = (node: any, where: string) => {
      if (!node || typeof node !== 'object') return;
      if (node.properties)
        for (const [k, v] of Object.entries<any>(node.properties)) {
          if (!v.description) missing.push(`${where}/properties/${k}`);
        }
      for (const [k, v] of Object.entries(node)) if (typeof v === 'object') walk(v, `${where}/${k}`);
    };
    for (const f of fs.readdirSync(path.join(SCHEMAS, 'meta')))
      walk(JSON.parse(fs.readFileSync(path.join(SCHEMAS, 'meta', f), 'utf8')), f);
    expect(missing).toEqual([]);
  });
});
