import { createForm } from '@formily/core';
import type { FormPageDef, ListPageDef } from '../../../shared/schema/types.js';
import { fixturePages, noticeEntity as entity, noticeWorkflowDef as wf } from '../__fixtures__/index.js';
import { ariaLabelProps } from './fieldWidgets.js';
import { buildFilterSchema } from './filterSchema.js';
import { ruleEffects } from './formRules.js';
import { buildFormSchema, saveBody } from './formSchema.js';

const form = fixturePages.find((p) => p.id === 'fixture/noticeForm') as FormPageDef;
const steps = fixturePages.find((p) => p.id === 'fixture/noticeSteps') as FormPageDef;
const list = fixturePages.find((p) => p.id === 'fixture/noticeList') as ListPageDef;

type S = { properties: Record<string, S>; [k: string]: unknown };
const grid = (built: { schema: unknown }, section = 'section0') =>
  (built.schema as S).properties[section].properties.grid.properties;

describe('buildFormSchema', () => {
  it('maps fields to widgets, labels and validation from the entity', () => {
    const p = grid(buildFormSchema(form, entity, 'edit'));
    expect(p.title).toMatchObject({
      title: '标题',
      required: true,
      maxLength: 100,
      'x-component': 'Input',
      'x-decorator': 'FormItem',
      'x-decorator-props': { gridSpan: 2 },
    });
    expect(p.category).toMatchObject({
      'x-component': 'Select',
      'x-component-props': { dict: 'hyly' },
      required: true,
    });
    expect(p.publishDate).toMatchObject({ 'x-component': 'DatePicker', 'x-decorator-props': { gridSpan: 1 } });
    expect(p.isTop).toMatchObject({ type: 'boolean', 'x-component': 'Switch' });
    expect(p.sortNo).toMatchObject({
      type: 'number',
      'x-component': 'NumberPicker',
      minimum: 0,
      maximum: 999,
      'x-component-props': { precision: 0, min: 0, max: 999 },
      description: '可填0到999的整数',
    });
    expect(grid(buildFormSchema(form, entity, 'look')).sortNo?.description).toBeUndefined();
    expect(p.status['x-component']).toBe('Input');
    expect(grid(buildFormSchema(form, entity, 'edit', { statusField: 'status' })).status['x-component']).toBe(
      'StatusTag',
    );
    expect(p.contactPhone['x-validator']).toEqual([
      { required: false, message: '请输入联系电话' },
      { pattern: '^1[3-9]\\d{9}$', message: '请输入正确的手机号码' },
    ]);
    const content = grid(buildFormSchema(form, entity, 'edit'), 'section1');
    expect(content.content).toMatchObject({
      'x-component': 'RichText',
      required: true,
      'x-decorator-props': { gridSpan: 2 },
    });
    expect(content.summary['x-component-props']).toMatchObject({ maxLength: 500, showCount: true });
  });
  it('puts sections in cards with a title', () => {
    const s = buildFormSchema(form, entity, 'add').schema as S;
    expect(Object.keys(s.properties)).toEqual(['section0', 'section1']);
    expect(s.properties.section1).toMatchObject({
      type: 'void',
      'x-component': 'Section',
      'x-component-props': { title: '内容' },
    });
  });
  it('leaves server-set fields out of add, shows them read-pretty in edit, never sends them', () => {
    expect(grid(buildFormSchema(form, entity, 'add')).status).toBeUndefined();
    expect(grid(buildFormSchema(form, entity, 'edit')).status['x-pattern']).toBe('readPretty');
    expect(buildFormSchema(form, entity, 'edit').fields).not.toContain('status');
  });
  it('uses the uploader for files when registered, else the read-only file list', () => {
    expect(
      grid(buildFormSchema(form, entity, 'edit', { hasWidget: () => true }), 'section1').attachments,
    ).toMatchObject({
      type: 'array',
      'x-component': 'Upload',
      'x-component-props': { accept: 'general', maxCount: 5, maxSize: 10, belongType: 'notice.attachments' },
    });
    expect(
      grid(buildFormSchema(form, entity, 'edit', { hasWidget: () => false }), 'section1').attachments['x-component'],
    ).toBe('FileList');
    expect(grid(buildFormSchema(form, entity, 'look'), 'section1').attachments['x-component']).toBe('FileList');
  });
  it('returns rules as data, never as {{ }} strings', () => {
    const built = buildFormSchema(form, entity, 'add');
    expect(JSON.stringify(built.schema)).not.toContain('{{');
    expect(built.rules.map((r) => r.field)).toEqual(['sortNo', 'contactPhone', 'section1']);
  });
  it('builds step panes for multi-step forms', () => {
    const built = buildFormSchema(steps, entity, 'add');
    expect(built.steps).toEqual(['基本信息', '正文']);
    expect(Object.keys((built.schema as S).properties)).toEqual(['step0', 'step1']);
    expect(
      ((built.schema as S).properties.step0.properties.section0 as S).properties.grid.properties.category[
        'x-component'
      ],
    ).toBe('Radio');
    expect(built.fields).toEqual(['title', 'category', 'content', 'attachments']);
  });
  it('sends the page fields with id and version', () => {
    expect(
      saveBody({ title: 'a', other: 1, summary: undefined }, ['title', 'summary'], { id: 'r1', version: 3 }),
    ).toEqual({ id: 'r1', version: 3, title: 'a' });
    expect(saveBody({ title: 'a' }, ['title'], null)).toEqual({ title: 'a' });
  });
});

describe('field rules as form effects', () => {
  function setup(mode: 'add' | 'look' = 'add') {
    const built = buildFormSchema(form, entity, mode);
    const f = createForm({
      effects: ruleEffects(built.rules, () => ({ user: { userId: 'u', roleCode: '2' } }), mode),
      readPretty: mode === 'look',
    });
    f.createField({ name: 'isTop' });
    f.createField({ name: 'category' });
    const sortNo = f.createField({ name: 'sortNo' });
    const phone = f.createField({ name: 'contactPhone' });
    return { f, sortNo, phone };
  }
  it('shows and requires a field while another field has a value', () => {
    const { f, sortNo } = setup();
    expect(sortNo.visible).toBe(false);
    f.setValuesIn('isTop', true);
    expect(sortNo.visible).toBe(true);
    expect(sortNo.required).toBe(true);
    f.setValuesIn('isTop', false);
    expect(sortNo.visible).toBe(false);
  });
  it('disables a field by rule and enables it again', () => {
    const { f, phone } = setup();
    expect(phone.disabled).toBe(true);
    f.setValuesIn('category', '1');
    expect(phone.disabled).toBe(false);
    expect(phone.pattern).toBe('editable');
  });
  it('hides a whole section by its rule', () => {
    const { f } = setup();
    const section = f.createVoidField({ name: 'section1' });
    expect(section.visible).toBe(true);
    f.setValuesIn('category', '3');
    expect(section.visible).toBe(false);
  });
  it('keeps look mode read-pretty while rules run', () => {
    const { f, phone, sortNo } = setup('look');
    f.setValuesIn('isTop', true);
    expect(sortNo.visible).toBe(true);
    expect(phone.pattern).toBe('readPretty');
  });
});

describe('buildFilterSchema', () => {
  it('makes a filter bar from the page filters', () => {
    const s = buildFilterSchema(list, entity, wf) as S;
    const p = s.properties.grid.properties;
    expect(Object.keys(p)).toEqual(['title', 'category', 'status', 'publishDate']);
    expect(p.title['x-component']).toBe('Input');
    expect(p.category['x-component-props']).toMatchObject({ dict: 'hyly' });
    expect(p.status['x-component-props']).toMatchObject({
      options: [
        { label: '草稿', value: '0' },
        { label: '已发布', value: '1' },
        { label: '已撤回', value: '2' },
      ],
    });
    expect(p.publishDate).toMatchObject({ type: 'array', 'x-component': 'DateRangePicker' });
  });
});

describe('varPaths', () => {
  it('collects every var path of a rule', async () => {
    const { varPaths } = await import('./formRules.js');
    expect(
      varPaths({
        and: [
          { '==': [{ var: 'form.a' }, 1] },
          { in: [{ var: ['record.b', 0] }, ['x']] },
          { '!': { var: 'user.roleCode' } },
        ],
      }),
    ).toEqual(['form.a', 'record.b', 'user.roleCode']);
  });
});

describe('accessible names of the controls', () => {
  const props = (s: S) => s['x-component-props'] as Record<string, unknown>;
  it('gives each edited field its label as the name of its control (select, switch, number, date, text)', () => {
    const p = grid(buildFormSchema(form, entity, 'edit'));
    expect(props(p.title)['aria-label']).toBe('标题');
    expect(props(p.category)['aria-label']).toBe(p.category.title);
    expect(props(p.isTop)['aria-label']).toBe(p.isTop.title);
    expect(props(p.sortNo)['aria-label']).toBe(p.sortNo.title);
    expect(props(p.publishDate)['aria-label']).toBe(p.publishDate.title);
  });

  it('names the unit search, the rich-text writing area and the other single-control widgets', () => {
    for (const w of ['SchoolSelect', 'RichText', 'RecordSelect', 'WatchShiftSelect'])
      expect(ariaLabelProps(w, '所在单位'), w).toEqual({ 'aria-label': '所在单位' });
    expect(ariaLabelProps('Radio', '性别')).toEqual({});
  });

  it('names no read-only value (it is text) and no group that names its choices', () => {
    const look = grid(buildFormSchema(form, entity, 'look'));
    for (const f of Object.values(look)) expect(props(f)?.['aria-label']).toBeUndefined();
  });

  it('names every filter of a list by its label: the selects of a list search too', () => {
    const filters = (buildFilterSchema(list, entity, wf) as S).properties.grid.properties;
    expect(Object.keys(filters).length).toBeGreaterThan(0);
    for (const f of Object.values(filters)) {
      if (f['x-component'] === 'DateRangePicker') continue;
      expect(props(f)['aria-label'], String(f.title)).toBe(f.title);
    }
    expect(Object.values(filters).some((f) => f['x-component'] === 'Select')).toBe(true);
  });
});
