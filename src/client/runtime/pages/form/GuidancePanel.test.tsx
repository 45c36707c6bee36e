// @vitest-environment jsdom
import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { EntityDef, FormPageDef, WorkflowDef } from '../../../../shared/schema/types.js';
import { setupDom } from '../../testing/setupDom.js';
import { GuidancePanel } from './GuidancePanel.js';
import { GuidedSubmit } from './GuidedSubmit.js';

setupDom();
afterEach(cleanup);

const entity = {
  name: 'thing',
  label: '事项',
  access: { read: [], create: [], update: [], delete: [] },
  fields: {
    name: { type: 'string', label: '名称' },
    mobile: { type: 'string', label: '手机号', pattern: '^1\\d{10}$' },
    report: { type: 'files', label: '报告' },
  },
} as unknown as EntityDef;
const workflow = {
  name: 'thing',
  field: 'status',
  initial: '0',
  statuses: [],
  transitions: [{ action: 'submit', label: '提交', from: ['0'], to: '2', roles: [], requires: ['name', 'report'] }],
} as unknown as WorkflowDef;
const page: FormPageDef = {
  kind: 'form',
  id: 'x/thing',
  entity: 'thing',
  title: '事项',
  guidance: true,
  submitAction: { action: 'submit', label: '提交' },
  steps: [
    { title: '基本信息', sections: [{ fields: [{ field: 'name' }, { field: 'mobile', required: true }] }] },
    { title: '附件', sections: [{ fields: [{ field: 'report', widget: 'Upload' }] }] },
  ],
};
const items = () => [...document.querySelectorAll('.runtime-guidance li')].map((li) => li.textContent);

describe('GuidancePanel', () => {
  it('lists what is missing per step and follows the values as they are typed', () => {
    const form = createForm({ initialValues: {} });
    render(
      <FormProvider form={form}>
        <GuidancePanel source={{ page, entity, workflow }} inputs={() => ({ now: 0 })} current={0} />
      </FormProvider>,
    );
    const panel = screen.getByRole('complementary', { name: '填写指引' });
    expect(within(panel).getByText('还需完成 3 项')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: '基本信息' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['请输入名称', '请输入手机号']);
    expect(within(screen.getByRole('region', { name: '附件' })).getByRole('listitem').textContent).toBe('请上传报告');
    act(() => {
      form.setValuesIn('name', '课题');
    });
    expect(items()).toEqual(['请输入手机号', '请上传报告']);
    act(() => {
      form.setValuesIn('mobile', '12');
    });
    expect(items()).toEqual(['手机号格式不正确', '请上传报告']);
    act(() => {
      form.setValues({ mobile: '13800000000', report: [{ id: 'f1' }] });
    });
    expect(items()).toEqual([]);
    expect(screen.getByText('必填内容已完成，可以提交')).toBeTruthy();
  });

  it('says the submit is blocked, and by what, once it was pressed with items missing', () => {
    const form = createForm({ initialValues: { name: '课题' } });
    render(
      <FormProvider form={form}>
        <GuidancePanel source={{ page, entity, workflow }} inputs={() => ({ now: 0 })} blocked />
      </FormProvider>,
    );
    expect(screen.getByRole('alert').textContent).toContain('尚有2项内容未完成，暂不能提交');
    act(() => {
      form.setValues({ mobile: '13800000000', report: [{ id: 'f1' }] });
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('GuidedSubmit', () => {
  it('sends nothing while something blocks it, else asks the confirm and submits', async () => {
    let blocked = true;
    const sent: string[] = [];
    render(
      <GuidedSubmit
        label="提交"
        confirm="确定提交吗？"
        saving={false}
        blocks={() => blocked}
        onSubmit={() => {
          sent.push('x');
        }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: /提\s?交/ }));
    expect(screen.queryByText('确定提交吗？')).toBeNull();
    blocked = false;
    fireEvent.click(screen.getByRole('button', { name: /提\s?交/ }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s?定/ }));
    expect(sent).toEqual(['x']);
  });
});
