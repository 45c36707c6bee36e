/**
 * The light filter bar: a list whose filters are all text boxes (model/filterSchema.ts
 * textOnlyFilters) draws them with antd inputs alone, on the same three-column grid and with the
 * same 查询 / 重置 as the Formily FilterBar, which lists with selects and dates load instead.
 * Each box is named after its field and the form asks by GET, as a public list keeps its filters in
 * the address (shared/schema/listAddress.ts): the bar the server draws searches before the app has
 * arrived, and without JavaScript.
 */
import { Button, Input } from 'antd';
import { useState } from 'react';
import type { TextFilter } from '../../model/filterSchema.js';
import './textFilterBar.css';

export interface TextFilterBarProps {
  filters: TextFilter[];
  initial: Record<string, unknown>;
  onSearch: (values: Record<string, unknown>) => void;
  onReset: () => void;
}

export function TextFilterBar({ filters, initial, onSearch, onReset }: TextFilterBarProps) {
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      filters.map((f) => [f.field, typeof initial[f.field] === 'string' ? (initial[f.field] as string) : '']),
    ),
  );
  const search = () => onSearch(Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '')));
  return (
    <form
      className="runtime-filters runtime-text-filters"
      method="get"
      onSubmit={(e) => {
        e.preventDefault();
        search();
      }}
    >
      <div className="runtime-text-filters-grid">
        {filters.map((f) => (
          <label key={f.field} className="runtime-text-filter">
            <span className="runtime-text-filter-label">{f.label}：</span>
            <Input
              allowClear
              name={f.field}
              placeholder={f.placeholder}
              value={values[f.field]}
              onChange={(e) => setValues((v) => ({ ...v, [f.field]: e.target.value }))}
            />
          </label>
        ))}
      </div>
      <div className="runtime-text-filters-buttons">
        <Button type="primary" htmlType="submit">
          查询
        </Button>
        <Button
          onClick={() => {
            setValues(Object.fromEntries(filters.map((f) => [f.field, ''])));
            onReset();
          }}
        >
          重置
        </Button>
      </div>
    </form>
  );
}
