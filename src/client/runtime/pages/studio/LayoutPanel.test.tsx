// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { setupDom } from '../../testing/setupDom.js';
import { LayoutPanel } from './LayoutPanel.js';
import { layoutOf, moveItem, moveToGroup, updateItem } from './pageLayout.js';

setupDom();
afterEach(() => cleanup());

const form = {
  kind: 'form',
  id: 'sample.form',
  steps: [
    { title: '基本信息', sections: [{ title: '概况', fields: [{ field: 'name', span: 12 }, { field: 'kind' }] }] },
    { title: '附件', sections: [{ title: '材料', fields: [{ field: 'files', widget: 'Upload' }] }] },
  ],
};

describe('page layout model', () => {
  it('reads the sections of every step, and a list page as filters and columns', () => {
    expect(layoutOf(form).map((g) => [g.title, g.path, g.items.map((i) => i.field)])).toEqual([
      ['基本信息 › 概况', ['steps', 0, 'sections', 0, 'fields'], ['name', 'kind']],
      ['附件 › 材料', ['steps', 1, 'sections', 0, 'fields'], ['files']],
    ]);
    const list = { kind: 'list', filters: [{ field: 'name' }], columns: [{ field: 'name', width: 120 }] };
    expect(layoutOf(list).map((g) => [g.kind, g.items[0]])).toEqual([
      ['filters', expect.objectContaining({ field: 'name' })],
      ['columns', expect.objectContaining({ field: 'name', width: 120 })],
    ]);
  });

  it('sets and clears keys, reorders and moves fields between sections, leaving the input as it was', () => {
    const path = ['steps', 0, 'sections', 0, 'fields'];
    const labelled = updateItem(form, path, 0, { label: '课题名称', required: true, span: undefined }) as typeof form;
    expect(labelled.steps[0].sections[0].fields[0]).toEqual({ field: 'name', label: '课题名称', required: true });
    expect(form.steps[0].sections[0].fields[0]).toEqual({ field: 'name', span: 12 });
    const swapped = moveItem(form, path, 1, -1) as typeof form;
    expect(swapped.steps[0].sections[0].fields.map((f) => f.field)).toEqual(['kind', 'name']);
    expect(moveItem(form, path, 0, -1)).toBe(form);
    const moved = moveToGroup(form, path, 0, ['steps', 1, 'sections', 0, 'fields']) as typeof form;
    expect(moved.steps.map((s) => s.sections[0].fields.map((f) => f.field))).toEqual([['kind'], ['files', 'name']]);
  });
});

describe('layout panel', () => {
  it('writes a changed label and a new order into the JSON', () => {
    const written: string[] = [];
    render(<LayoutPanel text={JSON.stringify(form)} onChange={(t) => written.push(t)} />);
    const label = screen.getByLabelText('name 标签');
    fireEvent.change(label, { target: { value: '课题名称' } });
    fireEvent.blur(label);
    expect(JSON.parse(written[0]).steps[0].sections[0].fields[0]).toEqual({
      field: 'name',
      span: 12,
      label: '课题名称',
    });
    fireEvent.click(screen.getAllByRole('button', { name: /下\s*移/ })[0]);
    expect(JSON.parse(written[1]).steps[0].sections[0].fields.map((f: { field: string }) => f.field)).toEqual([
      'kind',
      'name',
    ]);
  });

  it('sends analysts to the JSON where the text does not parse or the kind has no layout', () => {
    render(<LayoutPanel text="{ broken" onChange={() => undefined} />);
    expect(document.body.textContent).toContain('配置内容不是合法的 JSON');
  });

  it("shows the entity's label where the page keeps it, and writing that label back keeps none", async () => {
    const entity = { name: 'sample', fields: { name: { label: '课题名称' }, kind: { label: '类别' } } };
    const page = { kind: 'list', entity: 'sample', columns: [{ field: 'name' }, { field: 'kind', label: '课题类别' }] };
    const written: string[] = [];
    render(
      <LayoutPanel
        text={JSON.stringify(page)}
        onChange={(t) => written.push(t)}
        docText={async (key) => (key === 'entities/sample' ? JSON.stringify(entity) : undefined)}
      />,
    );
    await waitFor(() => expect((screen.getByLabelText('name 标签') as HTMLInputElement).value).toBe('课题名称'));
    const kind = screen.getByLabelText('kind 标签') as HTMLInputElement;
    expect(kind.value).toBe('课题类别');
    fireEvent.blur(screen.getByLabelText('name 标签'));
    expect(written).toEqual([]);
    fireEvent.change(kind, { target: { value: '类别' } });
    fireEvent.blur(kind);
    expect(JSON.parse(written[0]).columns[1]).toEqual({ field: 'kind' });
  });
});
