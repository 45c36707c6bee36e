import { Select as FormilySelect } from '@formily/antd-v5';
import { observer, useForm } from '@formily/react';
import { useEffect, useState } from 'react';
import { useRuntime } from '../../RuntimeContext.js';
import type { ListRequest } from '../../../../shared/schema/types.js';

interface Props extends Record<string, unknown> {
  /** Entity whose records are offered (only those the user may read: the server scopes the list). */
  entity: string;
  /** Field shown as the option's label (default name). */
  labelField?: string;
  /** Fixed list filters, as list bodies send them, e.g. [{ "field": "status", "op": "in", "value": ["6", "9"] }]. */
  filters?: ListRequest['filters'];
  /**
   * A field of the form's own record holding the chosen record's label as saved (a duty's
   * personName): shown for a chosen record the user may not read, instead of asking for it.
   */
  labelFrom?: string;
  value?: unknown;
}

interface Option {
  value: number;
  label: string;
}

/**
 * Picks one record of another entity by id (a topic of a change request, a question's topic).
 * Options come from the entity's list in the user's scope; a chosen record outside the filters
 * (e.g. a topic that has since moved on) is still shown by its label.
 */
export const RecordSelect = observer(({ entity, labelField = 'name', filters, labelFrom, value, ...rest }: Props) => {
  const { dataProvider } = useRuntime();
  const form = useForm() as { values?: Record<string, unknown> } | undefined;
  const saved = labelFrom ? form?.values?.[labelFrom] : undefined;
  const [options, setOptions] = useState<Option[]>([]);
  const [loading, setLoading] = useState(true);
  const key = JSON.stringify(filters ?? []);
  const id = value === null || value === undefined || value === '' ? null : Number(value);

  useEffect(() => {
    let live = true;
    setLoading(true);
    dataProvider
      .getList(entity, { page: 1, pageSize: 100, filters: filters ?? [] })
      .then((res) => {
        if (live) setOptions(res.list.map((r) => ({ value: Number(r.id), label: String(r[labelField] ?? r.id) })));
      })
      .catch(() => {
        /* the request layer has shown the error */
      })
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the filter the options are read with
  }, [dataProvider, entity, labelField, key]);

  useEffect(() => {
    if (id === null || loading || options.some((o) => o.value === id)) return;
    // The record keeps the label it was saved with: a person out of the user's reach reads as such
    // (asking for them was refused with 记录不存在 over the form).
    if (typeof saved === 'string' && saved) {
      setOptions((o) => [...o, { value: id, label: saved }]);
      return;
    }
    let live = true;
    dataProvider
      .getOne(entity, String(id))
      .then((r) => {
        if (live) setOptions((o) => [...o, { value: id, label: String(r[labelField] ?? id) }]);
      })
      .catch(() => {
        /* not readable: the id alone is shown */
      });
    return () => {
      live = false;
    };
  }, [dataProvider, entity, labelField, id, loading, options, saved]);

  return (
    <FormilySelect
      placeholder="请选择"
      showSearch
      optionFilterProp="label"
      {...rest}
      value={id ?? undefined}
      options={options}
      loading={loading}
    />
  );
});
