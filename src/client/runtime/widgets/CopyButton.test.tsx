// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { EntityDef, FormPageDef } from '../../../shared/schema/types.js';
import { planColumn } from '../model/columns.js';
import { buildFormSchema } from '../model/formSchema.js';
import { renderCell } from '../pages/cells.js';
import { setupDom } from '../testing/setupDom.js';

setupDom();
afterEach(cleanup);
// The clipboard these tests put in place goes with them (the next file may share this document).
afterAll(() => {
  delete (navigator as { clipboard?: unknown }).clipboard;
});

const entity: EntityDef = {
  name: 'probe',
  label: '测试',
  fields: {
    topicNo: { type: 'string', label: '课题编号', readOnly: true, copyable: true },
    name: { type: 'string', label: '课题名称' },
  },
  access: { read: [], create: [], update: [], delete: [] },
};
const toasts = () => [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent ?? '');

describe('the copy action of a copyable field', () => {
  it('is offered beside a list cell and copies its text: 复制成功', async () => {
    const written: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: {
        writeText: async (t: string) => {
          written.push(t);
        },
      },
    });
    const plan = planColumn({ field: 'topicNo' }, entity, null);
    expect(plan.copyable).toBe(true);
    expect(planColumn({ field: 'name' }, entity, null).copyable).toBeUndefined();
    expect(planColumn({ field: 'name', copyable: true }, entity, null).copyable).toBe(true);
    render(<>{renderCell(plan, 'KT20250007', { id: '1' }, null)}</>);
    fireEvent.click(screen.getByRole('button', { name: '复制课题编号' }));
    await waitFor(() => expect(toasts()).toContain('复制成功'));
    expect(written).toEqual(['KT20250007']);
  });

  it('says 无复制内容 for an empty value offered to copy', async () => {
    const { CopyButton } = await import('./CopyButton.js');
    render(<CopyButton text="" label="证书编号" />);
    fireEvent.click(screen.getByRole('button', { name: '复制证书编号' }));
    await waitFor(() => expect(toasts()).toContain('无复制内容'));
  });

  it('puts a copyable field of a form in the item that has the copy action', () => {
    const page: FormPageDef = {
      kind: 'form',
      id: 'p',
      entity: 'probe',
      title: '测试',
      sections: [{ fields: [{ field: 'topicNo' }, { field: 'name' }] }],
    };
    type S = { properties: Record<string, S>; [k: string]: unknown };
    const grid = (buildFormSchema(page, entity, 'look').schema as S).properties.section0.properties.grid.properties;
    expect(grid.topicNo['x-decorator']).toBe('CopyableFormItem');
    expect(grid.name['x-decorator']).toBe('FormItem');
  });
});
