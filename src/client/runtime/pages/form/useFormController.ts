import { createForm } from '@formily/core';
import { toJS } from '@formily/reactive';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { FormPageDef, PageBundle, ResourceRecord } from '../../../../shared/schema/types.js';
import { MESSAGES } from '../../../../shared/envelope.js';
import { fillPlaceholders } from '../../../../shared/schema/placeholders.js';
import { notify } from '../../../api/notifier.js';
import { holdUnsaved, mayLeave } from '../../../feedback/leaveGuard.js';
import { useMessage } from '../../../feedback/messages.js';
import { resolveAction } from '../../model/actions.js';
import { saveBody, type FormMode, type buildFormSchema } from '../../model/formSchema.js';
import { ruleEffects } from '../../model/formRules.js';
import { lookupEffects } from '../../model/lookups.js';
import { missingItems } from '../../model/guidance.js';
import { useRuntime } from '../../RuntimeContext.js';
import { FORM_REFUSED_EVENT } from '../../widgets/Captcha/Captcha.js';
import { blockedText, guidanceNow } from './GuidancePanel.js';
import { initialValues, queryValues, storedStep, storeStep } from './formRecord.js';
import { showRefusal } from './showRefusal.js';
import { useAutosave } from './useAutosave.js';
import type { Query } from '../types.js';

export interface FormControllerInput {
  bundle: PageBundle;
  mode: FormMode;
  query: Query;
  /** The record edited or looked at; null for a new one. */
  record: ResourceRecord | null;
  /** Reads the record again (after a save that stays on the page). */
  reload: () => void;
  /** A new record's values as the page opens. */
  startValues: Record<string, unknown> | undefined;
  built: ReturnType<typeof buildFormSchema>;
}

/**
 * What a schema form does, apart from how it looks: its values (the Formily form with the page's
 * rules and lookups), the steps and the one remembered, the guidance of a guided submit, the draft
 * autosave, and `save(submit)`: the page's fields with the record's version in one request, which
 * carries the page's submit transition when `submit` is true (saved and submitted, or nothing kept).
 */
export function useFormController({ bundle, mode, query, record, reload, startValues, built }: FormControllerInput) {
  const page = bundle.page as FormPageDef;
  const isPublic = page.source === 'public';
  const visitorForm = page.publicSubmit;
  const { dataProvider, user, now } = useRuntime();
  const navigate = useNavigate();
  const message = useMessage();
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
  const values = () => toJS(form.values) as Record<string, unknown>;

  /** Whether the form fails its checks now (the messages then show at the fields). */
  async function invalid(): Promise<boolean> {
    // The server's messages of the last refusal go; the fields are checked afresh.
    form.clearErrors('*');
    try {
      await form.validate();
      return false;
    } catch {
      return true;
    }
  }

  async function sendVisitorForm(to: string) {
    try {
      const answer = await dataProvider.moduleCall<{ message?: unknown } | null>(to, saveBody(values(), built.fields));
      // Through the app-wide notifier: the page (and its own message holder) goes with the navigation.
      notify.success(typeof answer?.message === 'string' ? answer.message : MESSAGES.success);
      navigate(page.afterSave ?? '/');
    } catch (e) {
      // The endpoint's sentence is shown, on the field it names too; single-use parts (captcha) renew.
      showRefusal(form, e, (text) => void message.error(text));
      form.notify(FORM_REFUSED_EVENT);
    }
  }

  async function save(submit: boolean) {
    if (await invalid()) return;
    setSaving(true);
    try {
      if (visitorForm) return await sendVisitorForm(visitorForm.to);
      const saved = await autosave.exclusive(() => {
        const body = saveBody(values(), built.fields, autosave.current());
        const action = submit && page.submitAction ? { _action: page.submitAction.action } : {};
        // Silent: the refusal is told below, its field messages at the fields.
        return dataProvider.save(bundle.entity.name, { ...body, ...action }, { silent: true });
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

  const steps = built.steps;
  const last = !steps || step === steps.length - 1;
  const stepChanged = () => {
    if (page.autosave && page.autosave.onStepChange !== false) void autosave.saveDraft();
  };
  async function next() {
    try {
      await form.validate(`step${step}.*`);
      stepChanged();
      setStep((s) => s + 1);
    } catch {
      // Messages are on the fields.
    }
  }
  const previous = () => {
    stepChanged();
    setStep((s) => s - 1);
  };

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
  /** Whether a guided submit is blocked now: what is still missing is said, else the fields are checked. */
  const submitBlocked = async (): Promise<boolean> => {
    const missing = missingItems(guidanceNow(guide, values(), inputs.current)).length;
    setBlocked(missing > 0);
    if (missing) void message.warning(blockedText(missing, page.submitAction!.label));
    return missing > 0 || invalid();
  };

  return {
    page,
    form,
    inputs,
    guide,
    autosave,
    saving,
    save,
    invalid,
    back,
    steps: { titles: steps, step, setStep, last, next, previous },
    guidance: { guided, blocked, submitBlocked },
    submit: { canSubmit, confirm: submitConfirm },
    visitorForm,
  };
}

export type FormController = ReturnType<typeof useFormController>;
