/**
 * The form page kind: one schema for add, edit and look (look = Formily read-pretty of the same
 * form). Sections are cards, steps are antd Steps; save sends the page's fields with the record's
 * version, then optionally fires the page's submit transition, then goes where the page says.
 * Field messages the server returns are put on the fields.
 */
import { FormButtonGroup, FormLayout, PreviewText } from '@formily/antd-v5';
import { createForm, setValidateLanguage, type Form } from '@formily/core';
import { FormProvider } from '@formily/react';
import { toJS } from '@formily/reactive';
import { App, Button, Card, Popconfirm, Result, Spin, Steps } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MESSAGES } from '../../../shared/envelope.js';
import type { FormPageDef, ResourceRecord } from '../../../shared/schema/types.js';
import { resolveAction } from '../model/actions.js';
import { buildFormSchema, saveBody, type FormMode } from '../model/formSchema.js';
import { ruleEffects } from '../model/formRules.js';
import { fillPlaceholders } from '../model/placeholders.js';
import { fieldErrorsOf } from '../model/serverErrors.js';
import { PageContext } from '../PageContext.js';
import { useRuntime } from '../RuntimeContext.js';
import { hasWidget } from '../widgets/registry.js';
import type { PageKindProps } from './types.js';
import { useSchemaField } from './useSchemaField.js';

setValidateLanguage('zh-CN');

export const RECORD_NOT_FOUND = '记录不存在';

/** Record values a form starts from: everything but the server's permission block. */
function initialValues(record: ResourceRecord | null | undefined): Record<string, unknown> | undefined {
  if (!record) return undefined;
  const { _perm: _drop, ...values } = record;
  return values;
}

function useRecord(bundle: PageKindProps['bundle'], mode: FormMode, id: string | undefined, given: ResourceRecord | null | undefined) {
  const { dataProvider } = useRuntime();
  const isPublic = (bundle.page as FormPageDef).source === 'public';
  const [state, setState] = useState<{ record: ResourceRecord | null; loading: boolean; failed: boolean }>(
    { record: given ?? null, loading: mode !== 'add' && given === undefined, failed: false },
  );
  const [reload, setReload] = useState(0);
  useEffect(() => {
    if (given !== undefined) { setState({ record: given, loading: false, failed: false }); return; }
    if (mode === 'add') { setState({ record: null, loading: false, failed: false }); return; }
    if (!id) { setState({ record: null, loading: false, failed: true }); return; }
    let alive = true;
    setState((s) => ({ ...s, loading: true }));
    const name = bundle.entity.name;
    (isPublic ? dataProvider.getPublicOne(name, id) : dataProvider.getOne(name, id)).then(
      (record) => { if (alive) setState({ record, loading: false, failed: !record }); },
      () => { if (alive) setState({ record: null, loading: false, failed: true }); },
    );
    return () => { alive = false; };
  }, [bundle.entity.name, dataProvider, given, id, isPublic, mode, reload]);
  return { ...state, reload: () => setReload((n) => n + 1) };
}

function applyServerErrors(form: Form, data: unknown): boolean {
  const errors = fieldErrorsOf(data);
  if (!errors) return false;
  for (const [name, messages] of Object.entries(errors)) {
    form.query(name).take((field) => {
      if ('setFeedback' in field) field.setFeedback({ type: 'error', code: 'EffectError', messages });
    });
  }
  return true;
}

export function FormPage({ bundle, mode: requested, query, embedded, record: given }: PageKindProps) {
  const page = bundle.page as FormPageDef;
  const isPublic = page.source === 'public';
  const mode: FormMode = isPublic ? 'look' : requested ?? (query.id ? 'edit' : 'add');
  const { dataProvider, user, now } = useRuntime();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const SchemaField = useSchemaField();
  const { record, loading, failed, reload } = useRecord(bundle, mode, query.id, given);
  const built = useMemo(
    () => buildFormSchema(page, bundle.entity, mode, { hasWidget, statusField: bundle.entity.workflow && bundle.workflow ? bundle.workflow.field : undefined }),
    [page, bundle, mode],
  );
  const inputs = useRef({ record, user, query, now: now() });
  inputs.current = { record, user, query, now: now() };
  const form = useMemo(
    () => createForm({
      readPretty: mode === 'look',
      initialValues: initialValues(record),
      effects: ruleEffects(built.rules, () => inputs.current, mode),
    }),
    [built, mode, record],
  );
  const [step, setStep] = useState(0);
  const [saving, setSaving] = useState(false);

  if (loading) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (failed) return <Result status="warning" title={RECORD_NOT_FOUND} />;

  const steps = built.steps;
  const schema = steps
    ? { ...built.schema, properties: { [`step${step}`]: (built.schema.properties as Record<string, object>)[`step${step}`] } }
    : built.schema;

  async function save(withSubmit: boolean) {
    try {
      await form.validate();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const body = saveBody(toJS(form.values) as Record<string, unknown>, built.fields, record);
      let saved = await dataProvider.save(bundle.entity.name, body);
      if (withSubmit && page.submitAction) {
        saved = await dataProvider.transition(bundle.entity.name, {
          id: saved.id, action: page.submitAction.action,
          ...(saved.version !== undefined ? { version: saved.version } : {}),
        });
      }
      void message.success(MESSAGES.success);
      if (page.afterSave) navigate(fillPlaceholders(page.afterSave, saved));
      else if (mode === 'add') navigate(`?id=${encodeURIComponent(saved.id)}`, { replace: true });
      else reload();
    } catch (e) {
      applyServerErrors(form, (e as { data?: unknown })?.data);
    } finally {
      setSaving(false);
    }
  }

  async function next() {
    try {
      await form.validate(`step${step}.*`);
      setStep((s) => s + 1);
    } catch {
      // Messages are on the fields.
    }
  }

  const last = !steps || step === steps.length - 1;
  // The submit button asks what the workflow's transition asks everywhere else (its `confirm`).
  const submitConfirm = page.submitAction
    ? resolveAction({ type: 'transition', action: page.submitAction.action, label: page.submitAction.label }, bundle.workflow).confirm
    : undefined;
  const buttons = mode === 'look' ? (
    embedded || isPublic ? null : <FormButtonGroup align="center"><Button onClick={() => navigate(-1)}>返回</Button></FormButtonGroup>
  ) : (
    <FormButtonGroup align="center" className="runtime-form-buttons">
      {steps && step > 0 ? <Button onClick={() => setStep((s) => s - 1)}>上一步</Button> : null}
      {!last ? <Button type="primary" onClick={() => void next()}>下一步</Button> : null}
      {last ? <Button type={page.submitAction ? 'default' : 'primary'} loading={saving} onClick={() => void save(false)}>保存</Button> : null}
      {last && page.submitAction ? (
        submitConfirm ? (
          <Popconfirm title={submitConfirm} okText="确定" cancelText="取消" onConfirm={() => save(true)}>
            <Button type="primary" loading={saving}>{page.submitAction.label}</Button>
          </Popconfirm>
        ) : <Button type="primary" loading={saving} onClick={() => void save(true)}>{page.submitAction.label}</Button>
      ) : null}
      <Button onClick={() => navigate(-1)}>返回</Button>
    </FormButtonGroup>
  );

  const body = (
    <PageContext.Provider value={{ bundle, record, query }}>
      <FormProvider form={form}>
        <PreviewText.Placeholder value="-">
          <FormLayout labelWidth={110} className={`runtime-form runtime-form-${mode}`}>
            {steps ? (
              <Steps
                current={step}
                items={steps.map((title) => ({ title }))}
                style={{ marginBottom: 24 }}
                onChange={mode === 'look' ? setStep : (target) => { if (target < step) setStep(target); }}
              />
            ) : null}
            <SchemaField schema={schema} />
            {buttons}
          </FormLayout>
        </PreviewText.Placeholder>
      </FormProvider>
    </PageContext.Provider>
  );
  if (embedded) return body;
  return <Card title={page.title} className="runtime-page">{body}</Card>;
}
