import { FormButtonGroup, FormLayout } from '@formily/antd-v5';
import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import { toJS } from '@formily/reactive';
import { Button } from 'antd';
import { useMemo } from 'react';
import type { ListPageDef } from '../../../../shared/schema/types.js';
import { buildFilterSchema } from '../../model/filterSchema.js';
import { itemLabels, labelWidthFor } from '../../model/labelWidth.js';
import type { PageKindProps } from '../types.js';
import { useSchemaField } from '../useSchemaField.js';
import '../form/formPage.css';

export interface FilterBarProps {
  page: ListPageDef;
  bundle: PageKindProps['bundle'];
  initial: Record<string, unknown>;
  onSearch: (values: Record<string, unknown>) => void;
  onReset: () => void;
}

/** A list page's filter form (its `filters`), with 查询 and 重置; nothing when the page has none. */
export function FilterBar({ page, bundle, initial, onSearch, onReset }: FilterBarProps) {
  const SchemaField = useSchemaField();
  const schema = useMemo(() => buildFilterSchema(page, bundle.entity, bundle.workflow), [page, bundle]);
  // The form starts once from the remembered filters; later changes come from the user.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- made once: `initial` only seeds it
  const form = useMemo(() => createForm({ initialValues: initial }), []);
  if (!schema) return null;
  return (
    <FormProvider form={form}>
      <FormLayout
        labelWidth={labelWidthFor(itemLabels(schema.properties), 90, 160)}
        labelWrap
        className="runtime-filters"
      >
        <SchemaField schema={schema} />
        <FormButtonGroup align="right">
          <Button type="primary" onClick={() => onSearch(toJS(form.values) as Record<string, unknown>)}>
            查询
          </Button>
          <Button
            onClick={() => {
              void form.reset('*', { forceClear: true });
              onReset();
            }}
          >
            重置
          </Button>
        </FormButtonGroup>
      </FormLayout>
    </FormProvider>
  );
}
