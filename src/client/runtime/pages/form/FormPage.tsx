/**
 * The form page kind: one schema for add, edit and look (look = Formily read-pretty of the same
 * form). Sections are cards, steps are antd Steps. What the form does (values, save and submit in
 * one request, steps, guidance, autosave) is its controller (useFormController); this draws it.
 * Field messages the server returns are put on the fields.
 */
import { FormLayout, PreviewText } from '@formily/antd-v5';
import { setValidateLanguage } from '@formily/core';
import { FormProvider } from '@formily/react';
import { Button, Card, Result, Spin, Steps } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import type { FormPageDef } from '../../../../shared/schema/types.js';
import { buildFormSchema, type FormMode } from '../../model/formSchema.js';
import { PageContext } from '../../PageContext.js';
import { useRuntime } from '../../RuntimeContext.js';
import { hasWidget } from '../../widgets/registry.js';
import type { PageKindProps } from '../types.js';
import { useSchemaField } from '../useSchemaField.js';
import { initialValuesOf, readsProfile } from '../../model/formInit.js';
import { useProfile } from './useProfile.js';
import { ruleContext } from '../../model/ruleContext.js';
import { GuidancePanel } from './GuidancePanel.js';
import { useRecord, useResume } from './formRecord.js';
import { useFormController } from './useFormController.js';
import { FormButtons } from './FormButtons.js';
import './formPage.css';

setValidateLanguage('zh-CN');

export const RECORD_NOT_FOUND = '记录不存在';

export function FormPage({ bundle, mode: requested, query, embedded, record: given, missing }: PageKindProps) {
  const page = bundle.page as FormPageDef;
  const isPublic = page.source === 'public';
  // A visitor's form is always a new, empty one.
  const visitorForm = page.publicSubmit;
  const mode: FormMode = isPublic ? 'look' : visitorForm ? 'add' : (requested ?? (query.id ? 'edit' : 'add'));
  const { user, now } = useRuntime();
  const navigate = useNavigate();
  const SchemaField = useSchemaField();
  const { record, loading, failed, reload } = useRecord(bundle, mode, query.id, given, missing);
  const me = useProfile(mode === 'add' && readsProfile(page));
  const startValues = useMemo(
    () =>
      mode === 'add'
        ? initialValuesOf(page, bundle.entity, {
            ...ruleContext({ user, query, now: now() }),
            profile: me.profile ?? {},
          })
        : undefined,
    // The clock is read once per page: a new record's values do not move while it is typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the query by value, not by object identity
    [page, bundle.entity, mode, user, JSON.stringify(query), me.profile],
  );
  const resumable = useResume(page, bundle, mode, startValues, query);
  const built = useMemo(
    () =>
      buildFormSchema(page, bundle.entity, mode, {
        hasWidget,
        statusField: bundle.entity.workflow && bundle.workflow ? bundle.workflow.field : undefined,
      }),
    [page, bundle, mode],
  );
  const c = useFormController({
    bundle,
    mode,
    query,
    record,
    reload,
    startValues,
    built,
  });
  const { form, steps, autosave } = c;
  const { step } = steps;

  if (loading || me.loading || resumable.looking) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (failed) return <Result status="warning" title={RECORD_NOT_FOUND} />;
  if (resumable.draft) {
    return (
      <Card title={page.title} className="runtime-page">
        <Result
          status="info"
          title="您在此已有一份尚未提交的草稿"
          subTitle={String(resumable.draft[bundle.entity.titleField ?? 'name'] ?? '')}
          extra={[
            <Button key="resume" type="primary" onClick={resumable.resume}>
              继续编辑
            </Button>,
            <Button key="back" onClick={() => navigate(-1)}>
              返回
            </Button>,
          ]}
        />
      </Card>
    );
  }

  const schema = steps.titles
    ? {
        ...built.schema,
        properties: { [`step${step}`]: (built.schema.properties as Record<string, object>)[`step${step}`] },
      }
    : built.schema;

  const body = (
    <PageContext.Provider value={{ bundle, record, query }}>
      <FormProvider form={form}>
        <PreviewText.Placeholder value="-">
          {/* The label column fits the longest label with its colon; past its maximum a label wraps rather than ending in an ellipsis. */}
          <FormLayout labelWidth={built.labelWidth} labelWrap className={`runtime-form runtime-form-${mode}`}>
            {steps.titles ? (
              <Steps
                current={step}
                items={steps.titles.map((title) => ({ title }))}
                style={{ marginBottom: 24 }}
                onChange={
                  mode === 'look'
                    ? steps.setStep
                    : (target) => {
                        if (target < step) steps.setStep(target);
                      }
                }
              />
            ) : null}
            {c.guidance.guided ? (
              <div className="runtime-guided">
                <div className="runtime-guided-main">
                  <SchemaField schema={schema} />
                </div>
                <GuidancePanel
                  source={c.guide}
                  inputs={() => c.inputs.current}
                  current={steps.titles ? step : undefined}
                  blocked={c.guidance.blocked}
                />
              </div>
            ) : (
              <SchemaField schema={schema} />
            )}
            {autosave.note ? (
              <div
                className="runtime-autosave-note"
                role="status"
                style={{ textAlign: 'center', color: '#666', marginBottom: 8 }}
              >
                {autosave.note}
              </div>
            ) : null}
            <FormButtons c={c} mode={mode} bare={Boolean(embedded || isPublic)} />
          </FormLayout>
        </PreviewText.Placeholder>
      </FormProvider>
    </PageContext.Provider>
  );
  if (embedded) return body;
  return (
    <Card title={page.title} className="runtime-page">
      {body}
    </Card>
  );
}
