import { createForm } from '@formily/core';
import type { EntityDef, FormPageDef } from '../../../shared/schema/types.js';
import { buildFormSchema, DRAFT_MAY_KEEP_EMPTY } from './formSchema.js';

const entity: EntityDef = {
  name: 'probe',
  label: '测试',
  fields: {
    outOfArea: {
      type: 'boolean',
      label: '异地评审',
      description: "Experts of the topic's own area may not review it.",
    },
    criteria: {
      type: 'string',
      label: '评分指标',
      description: '[{name, maxScore, weight}]',
      help: '逐项填写指标名称、满分和权重。',
    },
    name: { type: 'string', label: '课题名称', textFilter: true },
    partner: { type: 'string', label: '合作单位', required: true, requiredOn: 'submit' },
    leader: { type: 'string', label: '负责人', required: true },
    mobile: { type: 'string', label: '手机号' },
    email: { type: 'string', label: '电子邮箱' },
    members: {
      type: 'json',
      label: '课题组成员',
      rows: {
        fields: {
          name: { type: 'string', label: '姓名', required: true },
          idCard: { type: 'string', label: '身份证号', format: 'idCard' },
        },
      },
    },
  },
  requireOneOf: [{ fields: ['mobile', 'email'], message: '请输入手机号或电子邮箱' }],
  access: { read: [], create: [], update: [], delete: [] },
};
const page: FormPageDef = {
  kind: 'form',
  id: 'probe.form',
  entity: 'probe',
  title: '测试',
  sections: [
    {
      fields: [
        { field: 'outOfArea' },
        { field: 'criteria' },
        { field: 'name', help: '不超过100个字' },
        { field: 'members', widget: 'ArrayTable' },
        { field: 'partner' },
        { field: 'leader' },
        { field: 'mobile' },
        { field: 'email' },
      ],
    },
  ],
};

type S = { properties: Record<string, S>; [k: string]: unknown };
const fields = () => (buildFormSchema(page, entity, 'edit').schema as S).properties.section0.properties.grid.properties;

describe('what a form field shows its user', () => {
  it('says which fields a draft may keep empty, and requires only the others to save', () => {
    const p = fields();
    expect(p.partner.description).toBe(DRAFT_MAY_KEEP_EMPTY);
    expect(p.partner.required).toBeUndefined();
    expect((p.partner['x-validator'] as { required?: boolean }[])[0].required).toBe(false);
    expect(p.leader.required).toBe(true);
    expect(p.leader.description).toBeUndefined();
  });

  it('shows the Chinese help, never the description meant for schema editors', () => {
    const p = fields();
    expect(p.outOfArea.description).toBeUndefined();
    expect(p.criteria.description).toBe('逐项填写指标名称、满分和权重。');
    expect(p.name.description).toBe('不超过100个字');
  });

  it('hands the text filter flag to the input widget', () => {
    expect(fields().name['x-component-props']).toMatchObject({ textFilter: true });
  });

  it("hands a json field's rows to its widget and refuses a bad row with the row's message", () => {
    const members = fields().members;
    expect(members['x-component-props']).toMatchObject({
      field: 'members',
      fieldLabel: '课题组成员',
      rows: entity.fields.members.rows,
    });
    const rowCheck = (members['x-validator'] as { validator?: (v: unknown) => string }[]).find((r) => r.validator)!;
    expect(rowCheck.validator!([{ name: '张三', idCard: 'bad-id' }])).toBe('课题组成员第1行：身份证号格式不正确');
    expect(rowCheck.validator!([{ name: '张三', idCard: '' }])).toBe('');
  });

  it("says a requireOneOf group's message at each of its fields while all are empty, as the server does", async () => {
    const p = fields();
    const form = createForm();
    // The fields' validators as the form builds them, run by Formily with the form's values.
    for (const name of ['mobile', 'email', 'leader'])
      form.createField({ name, validator: p[name]['x-validator'] as never });
    const messages = async () => {
      const refused = await form.validate().then(
        () => [],
        (errors: { path: string; messages: string[] }[]) => errors,
      );
      return Object.fromEntries(refused.map((e: { path: string; messages: string[] }) => [e.path, e.messages.join()]));
    };
    form.setValues({ leader: '张明' });
    expect(await messages()).toEqual({ mobile: '请输入手机号或电子邮箱', email: '请输入手机号或电子邮箱' });
    form.setValues({ email: 'a@b.cn' });
    expect(await messages()).toEqual({});
    expect(p.leader['x-validator']).toHaveLength(1);
  });
});
