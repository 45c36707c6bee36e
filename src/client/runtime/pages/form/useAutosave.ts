import { onFieldInputValueChange, type Form } from '@formily/core';
import { toJS } from '@formily/reactive';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FormPageDef, ResourceRecord } from '../../../../shared/schema/types.js';
import { snapshotOf } from '../../model/formInit.js';
import { saveBody } from '../../model/formSchema.js';
import { useRuntime } from '../../RuntimeContext.js';
import { useMessage } from '../../../feedback/messages.js';
import { clearRefusal, showRefusal } from './showRefusal.js';
import { uploadGate } from '../../../api/uploadGate.js';

export const AUTOSAVE_DEFAULT_SECONDS = 30;
/** Quiet time after the last keystroke before a draft saves itself (FormPageDef.autosave.debounceSeconds). */
export const AUTOSAVE_DEFAULT_DEBOUNCE_SECONDS = 3;

type Saved = { id: unknown; version?: unknown };

function clock(ms: number): string {
  return new Date(ms + 8 * 3600_000).toISOString().slice(11, 19);
}

/**
 * The form page's draft autosave (FormPageDef.autosave): saves the page's fields without
 * validation every `intervalSeconds` while they differ from what was last saved and the user has
 * typed, and when asked
 * (step change). The first save of a new record puts its id in the address, so a reload opens the
 * draft. Returns the record later saves must name (id and version of the last autosave).
 */
export function useAutosave(
  page: FormPageDef,
  entityName: string,
  form: Form,
  fields: string[],
  record: ResourceRecord | null,
  enabled: boolean,
) {
  const { dataProvider, now } = useRuntime();
  const message = useMessage();
  const saved = useRef<Saved | null>(null);
  const last = useRef<string>('');
  const busy = useRef(false);
  // The autosave under way, so an explicit save waits for it and names the version it produced.
  const inflight = useRef<Promise<void> | null>(null);
  const [note, setNote] = useState<string | null>(null);
  // Whether the user has typed: values the page fills itself (prefill, lookups) are not unsaved work.
  const typed = useRef(false);

  // A (re)loaded record is the new baseline; a new one's is the values it opened with.
  useEffect(() => {
    saved.current = null;
    last.current = snapshotOf((record ?? toJS(form.values) ?? {}) as Record<string, unknown>, fields);
  }, [record, fields, form]);

  const current = useCallback((): Saved | null => saved.current ?? record, [record]);

  const saveDraft = useCallback(async () => {
    if (!enabled || busy.current) return;
    const values = toJS(form.values) as Record<string, unknown>;
    const snap = snapshotOf(values, fields);
    if (snap === last.current) return;
    busy.current = true;
    let done: () => void = () => undefined;
    inflight.current = new Promise<void>((resolve) => {
      done = resolve;
    });
    try {
      const base = saved.current ?? record;
      const answer = await dataProvider.save(entityName, saveBody(values, fields, base), { silent: true });
      saved.current = { id: answer.id, version: answer.version };
      last.current = snap;
      // What an earlier refused autosave put on the fields no longer holds.
      clearRefusal(form);
      setNote(`草稿已自动保存（${clock(now())}）`);
      if (!base?.id && typeof window !== 'undefined') {
        const url = new URL(window.location.href);
        url.searchParams.set('id', String(answer.id));
        window.history.replaceState(window.history.state, '', url.toString());
      }
    } catch (e) {
      // Why, as an explicit save says it: at the fields on screen, the rest in one toast (its key
      // keeps a repeated autosave from stacking them).
      const told = showRefusal(form, e, (text) => void message.error({ content: text, key: 'runtime-autosave' }));
      setNote(told ? `草稿自动保存未成功：${told}` : '草稿自动保存未成功，请检查填写内容');
    } finally {
      busy.current = false;
      inflight.current = null;
      done();
    }
  }, [dataProvider, enabled, entityName, fields, form, message, now, record]);

  /**
   * Runs the page's own save with no autosave beside it: waits for one under way (else both would
   * send the same version and one be refused as stale), and holds the timer's saves until it ends.
   */
  const exclusive = useCallback(async <T>(fn: () => Promise<T>): Promise<T> => {
    while (inflight.current) await inflight.current;
    busy.current = true;
    try {
      return await fn();
    } finally {
      busy.current = false;
    }
  }, []);

  useEffect(() => {
    if (!enabled) return undefined;
    const seconds = page.autosave?.intervalSeconds ?? AUTOSAVE_DEFAULT_SECONDS;
    const timer = setInterval(() => {
      // Only the user's work: values the page filled itself (a lookup's copy, a list drawn empty
      // after the form opened) are no draft, and saving them would refuse an untouched form.
      if (typed.current) void saveDraft();
    }, seconds * 1000);
    return () => clearInterval(timer);
  }, [enabled, page.autosave?.intervalSeconds, saveDraft]);

  // As the user types: a draft saves itself once the typing pauses (debounced), not only on the timer.
  useEffect(() => {
    if (!enabled) return undefined;
    const quiet = (page.autosave?.debounceSeconds ?? AUTOSAVE_DEFAULT_DEBOUNCE_SECONDS) * 1000;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const id = `runtime-autosave-${Math.random()}`;
    form.addEffects(id, () => {
      onFieldInputValueChange('*', () => {
        typed.current = true;
        if (timer) clearTimeout(timer);
        timer = setTimeout(() => {
          void saveDraft();
        }, quiet);
      });
    });
    return () => {
      form.removeEffects(id);
      if (timer) clearTimeout(timer);
    };
  }, [enabled, form, page.autosave?.debounceSeconds, saveDraft]);

  /** Whether the form holds what no save has sent yet (typed values, or an upload under way). */
  const dirty = useCallback((): boolean => {
    if (uploadGate.isUploading()) return true;
    return typed.current && snapshotOf(toJS(form.values) as Record<string, unknown>, fields) !== last.current;
  }, [fields, form]);

  return {
    saveDraft,
    current,
    note,
    exclusive,
    dirty,
    markSaved: () => {
      last.current = snapshotOf(toJS(form.values) as Record<string, unknown>, fields);
    },
  };
}
