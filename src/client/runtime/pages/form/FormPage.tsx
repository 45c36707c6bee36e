/**
 * The form page kind: one schema for add, edit and look (look = Formily read-pretty of the same
 * form). Sections are cards, steps are antd Steps; save sends the page's fields with the record's
 * version, then optionally fires the page's submit transition, then goes where the page says.
 * Field messages the server returns are put on the fields.
 */
import { FormButtonGroup, FormLayout, PreviewText } from '@formily/antd-v5';
import { createForm, setValidateLanguage } from '@formily/core';
import { FormProvider } from '@formily/react';
import { toJS } from '@formily/reactive';
import { Button, Card, Result, Spin, Steps } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MESSAGES } from '../../../../shared/envelope.js';
import { notify } from '../../../api/notifier.js';
import type { FormPageDef } from '../../../../shared/schema/types.js';
import { resolveAction } from '../../model/actions.js';
import { buildFormSchema, saveBody, type FormMode } from '../../model/formSchema.js';
import { ruleEffects } from '../../model/formRules.js';
import { lookupEffects } from '../../model/lookups.js';
import { fillPlaceholders } from '../../../../shared/schema/placeholders.js';
import { showRefusal } from './showRefusal.js';
import { PageContext } from '../../PageContext.js';
import { useRuntime } from '../../RuntimeContext.js';
import { hasWidget } from '../../widgets/registry.js';
import type { PageKindProps } from '../types.js';
import { useSchemaField } from '../useSchemaField.js';
import { FORM_REFUSED_EVENT } from '../../widgets/Captcha/Captcha.js';
import { useAutosave } from './useAutosave.js';
import { holdUnsaved, mayLeave } from '../../../feedback/leaveGuard.js';
import { initialValuesOf, readsProfile } from '../../model/formInit.js';
import { useProfile } from './useProfile.js';
import { ruleContext } from '../../model/ruleContext.js';
import { useMessage } from '../../../feedback/messages.js';
import { GuidancePanel, blockedText, guidanceNow } from './GuidancePanel.js';
import { GuidedSubmit } from './GuidedSubmit.js';
import { missingItems } from '../../model/guidance.js';
import { initialValues, queryValues, storedStep, storeStep, useRecord, useResume } from './formRecord.js';
import './formPage.css';

setValidateLanguage('zh-CN');

export const RECORD_NOT_FOUND = '记录不存在';

export function FormPage({ bundle, mode: requested, query, embedded, record: given }: PageKindProps) {
  const page = bundle.page as FormPageDef;
  const isPublic = page.source === 'public';
  // A visitor's form is always a new, empty one.
  const visitorForm = page.publicSubmit;
  const mode: FormMode = isPublic ? 'look' : visitorForm ? 'add' : (requested ?? (query.id ? 'edit' : 'add'));
  const { dataProvider, user, now } = useRuntime();
  const navigate = useNavigate();
  const message = useMessage();
  const SchemaField = useSchemaField();
  const { record, loading, failed, reload } = useRecord(bundle, mode, query.id, given);
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
  const inputs = useRef({ record, user, query, now: now() });
  inputs.current = { record, user, query, now: now() };
  const form = useMemo(
    () =>
      createForm({
        readPretty: mode === 'look',
        initialValues: mode === 'add' ? { ...queryValues(page, query), ...startValues } : initialValues(record),
        effects: (f) => {
          ruleEffects(built.rules, () => inputs.current, mode)(f);
          lookupEffects(page.lookups, (entity, id) => dataProvider.getOne(entity, id), mode)(f);
        },
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the form is made once per record and mode; effects read the latest values through refs
    [built, mode, record, startValues],
  );
  const [step, setStepNow] = useState(0);
  const [saving, setSaving] = useState(false);
  // A guided page shows what is missing beside the steps; its submit says what blocks it.
  const guided = Boolean(page.guidance) && mode !== 'look' && !isPublic;
  const [blocked, setBlocked] = useState(false);
  const guide = { page, entity: bundle.entity, workflow: bundle.workflow };
  const drafting = Boolean(page.autosave) && mode !== 'look' && !isPublic;
  const autosave = useAutosave(page, bundle.entity.name, form, built.fields, record, drafting);
  const remember = drafting && page.autosave?.rememberStep !== false && Boolean(built.steps);
  // Re-entry at the step last edited.
  useEffect(() => {
    if (remember && record?.id !== undefined)
      setStepNow(Math.min(storedStep(page.id, record.id), (built.steps?.length ?? 1) - 1));
  }, [remember, record?.id, page.id, built.steps]);
  const setStep = (next: number | ((s: number) => number)) =>
    setStepNow((s) => {
      const value = typeof next === 'function' ? next(s) : next;
      const id = autosave.current()?.id;
      if (remember && id !== undefined && id !== null) storeStep(page.id, id, value);
      return value;
    });
  // Leaving with typed values or an upload not yet saved asks first (menu, 返回, closing the tab).
  const { dirty } = autosave;
  useEffect(() => (drafting ? holdUnsaved(dirty) : undefined), [drafting, dirty]);
  const back = () => {
    if (!drafting || mayLeave()) navigate(-1);
  };

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

  const steps = built.steps;
  const schema = steps
    ? {
        ...built.schema,
        properties: { [`step${step}`]: (built.schema.properties as Record<string, object>)[`step${step}`] },
      }
    : built.schema;

  async function save(withSubmit: boolean) {
    // The server's messages of the last refusal go; the fields are checked afresh.
    form.clearErrors('*');
    try {
      await form.validate();
    } catch {
      return;
    }
    setSaving(true);
    if (visitorForm) {
      try {
        const answer = await dataProvider.moduleCall<{ message?: unknown } | null>(
          visitorForm.to,
          saveBody(toJS(form.values) as Record<string, unknown>, built.fields),
        );
        // Through the app-wide notifier: the page (and its own message holder) goes with the navigation.
        notify.success(typeof answer?.message === 'string' ? answer.message : MESSAGES.success);
        navigate(page.afterSave ?? '/');
      } catch (e) {
        // The endpoint's sentence is shown, on the field it names too; single-use parts (captcha) renew.
        showRefusal(form, e, (text) => void message.error(text));
        form.notify(FORM_REFUSED_EVENT);
      } finally {
        setSaving(false);
      }
      return;
    }
    try {
      const saved = await autosave.exclusive(async () => {
        const body = saveBody(toJS(form.values) as Record<string, unknown>, built.fields, autosave.current());
        // Silent: the refusal is told below, its field messages at the fields.
        const answer = await dataProvider.save(bundle.entity.name, body, { silent: true });
        if (!withSubmit || !page.submitAction) return answer;
        return dataProvider.transition(
          bundle.entity.name,
          {
            id: answer.id,
            action: page.submitAction.action,
            ...(answer.version !== undefined ? { version: answer.version } : {}),
          },
          { silent: true },
        );
      });
      autosave.markSaved();
      // Saved by the user's own button: the form was finished, so it opens at its start next time.
      if (remember) storeStep(page.id, saved.id, null);
      // Leaving the page takes its own message holder with it: the app-wide notifier says it then.
      if (page.afterSave) notify.success(MESSAGES.success);
      else void message.success(MESSAGES.success);
      if (page.afterSave) navigate(fillPlaceholders(page.afterSave, saved));
      else if (mode === 'add' || !record) navigate(`?id=${encodeURIComponent(saved.id)}`, { replace: true });
      else reload();
    } catch (e) {
      showRefusal(form, e, (text) => void message.error(text));
    } finally {
      setSaving(false);
    }
  }

  /** Whether the form fails its checks now (the messages then show at the fields). */
  async function invalid(): Promise<boolean> {
    form.clearErrors('*');
    try {
      await form.validate();
      return false;
    } catch {
      return true;
    }
  }

  async function next() {
    try {
      await form.validate(`step${step}.*`);
      if (page.autosave && page.autosave.onStepChange !== false) void autosave.saveDraft();
      setStep((s) => s + 1);
    } catch {
      // Messages are on the fields.
    }
  }

  const last = !steps || step === steps.length - 1;
  // The submit button asks what the workflow's transition asks everywhere else (its `confirm`).
  const submitConfirm = page.submitAction
    ? resolveAction(
        { type: 'transition', action: page.submitAction.action, label: page.submitAction.label },
        bundle.workflow,
      ).confirm
    : undefined;
  // A submit the workflow guards (e.g. the stage's notice open, a rule over facts the browser has
  // not) shows when the server lists it in the record's `_perm`; a new record has no `_perm` yet.
  const submitGuarded = Boolean(page.submitAction && bundle.workflow?.guards?.[page.submitAction.action]);
  const canSubmit =
    Boolean(page.submitAction) &&
    (!submitGuarded || !record?._perm || record._perm.transitions.includes(page.submitAction!.action));
  const buttons = visitorForm ? (
    <FormButtonGroup align="center" className="runtime-form-buttons">
      <Button type="primary" loading={saving} onClick={() => void save(false)}>
        {visitorForm.label}
      </Button>
    </FormButtonGroup>
  ) : mode === 'look' ? (
    embedded || isPublic ? null : (
      <FormButtonGroup align="center">
        <Button onClick={() => navigate(-1)}>返回</Button>
      </FormButtonGroup>
    )
  ) : (
    <FormButtonGroup align="center" className="runtime-form-buttons">
      {steps && step > 0 ? (
        <Button
          onClick={() => {
            if (page.autosave && page.autosave.onStepChange !== false) void autosave.saveDraft();
            setStep((s) => s - 1);
          }}
        >
          上一步
        </Button>
      ) : null}
      {!last ? (
        <Button type="primary" onClick={() => void next()}>
          下一步
        </Button>
      ) : null}
      {last ? (
        <Button type={canSubmit ? 'default' : 'primary'} loading={saving} onClick={() => void save(false)}>
          保存
        </Button>
      ) : null}
      {last && page.submitAction && canSubmit ? (
        guided ? (
          <GuidedSubmit
            label={page.submitAction.label}
            confirm={submitConfirm}
            saving={saving}
            onSubmit={() => save(true)}
            blocks={() => {
              const missing = missingItems(
                guidanceNow(guide, toJS(form.values) as Record<string, unknown>, inputs.current),
              ).length;
              setBlocked(missing > 0);
              if (missing) void message.warning(blockedText(missing, page.submitAction!.label));
              return missing > 0 || invalid();
            }}
          />
        ) : submitConfirm ? (
          <GuidedSubmit
            label={page.submitAction.label}
            confirm={submitConfirm}
            saving={saving}
            onSubmit={() => save(true)}
            blocks={invalid}
          />
        ) : (
          <Button type="primary" loading={saving} onClick={() => void save(true)}>
            {page.submitAction.label}
          </Button>
        )
      ) : null}
      <Button onClick={back}>返回</Button>
    </FormButtonGroup>
  );

  const body = (
    <PageContext.Provider value={{ bundle, record, query }}>
      <FormProvider form={form}>
        <PreviewText.Placeholder value="-">
          {/* Long labels (每个课题专家数, 分歧阈值（分）) wrap onto a second line instead of ending in an ellipsis. */}
          <FormLayout labelWidth={110} labelWrap className={`runtime-form runtime-form-${mode}`}>
            {steps ? (
              <Steps
                current={step}
                items={steps.map((title) => ({ title }))}
                style={{ marginBottom: 24 }}
                onChange={
                  mode === 'look'
                    ? setStep
                    : (target) => {
                        if (target < step) setStep(target);
                      }
                }
              />
            ) : null}
            {guided ? (
              <div className="runtime-guided">
                <div className="runtime-guided-main">
                  <SchemaField schema={schema} />
                </div>
                <GuidancePanel
                  source={guide}
                  inputs={() => inputs.current}
                  current={steps ? step : undefined}
                  blocked={blocked}
                />
              </div>
            ) : (
              <SchemaField schema={schema} />
            )}
            {autosave.note ? (
              <div
                className="runtime-autosave-note"
                role="status"
                style={{ textAlign: 'center', color: '#8c8c8c', marginBottom: 8 }}
              >
                {autosave.note}
              </div>
            ) : null}
            {buttons}
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
