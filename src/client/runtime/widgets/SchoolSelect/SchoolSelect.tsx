import { PreviewText } from '@formily/antd-v5';
import { connect, mapReadPretty, useForm } from '@formily/react';
import { Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { ResourceRecord } from '../../../../shared/schema/types.js';
import { useRuntime } from '../../RuntimeContext.js';

/** Form field → unit field copied when a unit is chosen (the field this widget edits gets the name). */
export const DEFAULT_FILL: Record<string, string> = { declareDept: 'declareDept', orgCode: 'orgCode' };

interface Props {
  value?: string;
  onChange?: (value: string | undefined) => void;
  /** Form field → school field (`id`, `declareDept`, `orgCode`, `area`, `kind`) to fill on choice. */
  fill?: Record<string, string>;
  placeholder?: string;
  disabled?: boolean;
  readOnly?: boolean;
  /** The field's label (the runtime gives it): the search box's accessible name. */
  'aria-label'?: string;
}

/**
 * Unit picker over the `school` entity: type part of a name, choose a unit, and the form's unit
 * name plus the fields named in `fill` (declareDept, orgCode, schoolId...) take the unit's values.
 * Visitors (sign-up) search the public list of enabled units.
 */
export function SchoolSelectEdit({
  value,
  onChange,
  fill = DEFAULT_FILL,
  placeholder = '请输入单位名称搜索',
  disabled,
  'aria-label': name,
}: Props) {
  const { dataProvider, user } = useRuntime();
  const form = useForm();
  const [options, setOptions] = useState<ResourceRecord[]>([]);
  const [loading, setLoading] = useState(false);
  const [keyword, setKeyword] = useState('');
  const seq = useRef(0);

  useEffect(() => {
    const mine = ++seq.current;
    const timer = setTimeout(() => {
      setLoading(true);
      const req = {
        page: 1,
        pageSize: 20,
        filters: keyword ? [{ field: 'name', op: 'like' as const, value: keyword }] : [],
      };
      const call = user ? dataProvider.getList('school', req) : dataProvider.getPublicList('school', req);
      call
        .then(
          (r) => {
            if (mine === seq.current) setOptions(Array.isArray(r?.list) ? r.list : []);
          },
          () => undefined,
        )
        .finally(() => {
          if (mine === seq.current) setLoading(false);
        });
    }, 250);
    return () => clearTimeout(timer);
  }, [dataProvider, user, keyword]);

  const choose = (name: string | undefined) => {
    const school = options.find((o) => o.name === name);
    onChange?.(name);
    for (const [formField, schoolField] of Object.entries(fill)) {
      form.setValuesIn(formField, school ? (school[schoolField] ?? null) : null);
    }
  };

  return (
    <Select
      showSearch
      allowClear
      placeholder={placeholder}
      disabled={disabled}
      loading={loading}
      filterOption={false}
      value={value || undefined}
      onSearch={setKeyword}
      onChange={(v) => choose(v as string | undefined)}
      notFoundContent={loading ? '加载中…' : '未找到该单位'}
      options={options.map((o) => ({ value: String(o.name), label: String(o.name) }))}
      data-testid="school-select"
      aria-label={name}
    />
  );
}

export const SchoolSelect = connect(SchoolSelectEdit, mapReadPretty(PreviewText.Input));
