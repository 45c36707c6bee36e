// Where a form page's values come from: the record (read once per id, or given), ?field=value of
// the query, and a draft of the same that add mode offers to resume; and which step a steps form
// reopens at.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { FormPageDef, ResourceRecord } from '../../../../shared/schema/types.js';
import type { FormMode } from '../../model/formSchema.js';
import { resumeRequest } from '../../model/formInit.js';
import { useRuntime } from '../../RuntimeContext.js';
import type { PageKindProps } from '../types.js';

/** Record values a form starts from: everything but the server's permission block. */
export function initialValues(record: ResourceRecord | null | undefined): Record<string, unknown> | undefined {
  if (!record) return undefined;
  const { _perm: _drop, ...values } = record;
  return values;
}

/** Add forms opened with ?field=value for the fields the page takes from the query. */
export function queryValues(
  page: FormPageDef,
  query: Record<string, string | undefined>,
): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  for (const f of page.initialFromQuery ?? []) if (query[f]) out[f] = query[f];
  return Object.keys(out).length ? out : undefined;
}

export function useRecord(
  bundle: PageKindProps['bundle'],
  mode: FormMode,
  id: string | undefined,
  given: ResourceRecord | null | undefined,
  /** The container asked and the record is not there (PageKindProps.missing). */
  missing = false,
) {
  const { dataProvider } = useRuntime();
  const isPublic = (bundle.page as FormPageDef).source === 'public';
  const [state, setState] = useState<{ record: ResourceRecord | null; loading: boolean; failed: boolean }>({
    record: given ?? null,
    loading: mode !== 'add' && given === undefined && !missing,
    failed: missing,
  });
  const [reload, setReload] = useState(0);
  useEffect(() => {
    if (missing) return;
    if (given !== undefined) {
      setState({ record: given, loading: false, failed: false });
      return;
    }
    if (mode === 'add') {
      setState({ record: null, loading: false, failed: false });
      return;
    }
    if (!id) {
      setState({ record: null, loading: false, failed: true });
      return;
    }
    let alive = true;
    setState((s) => ({ ...s, loading: true }));
    const name = bundle.entity.name;
    (isPublic ? dataProvider.getPublicOne(name, id) : dataProvider.getOne(name, id)).then(
      (record) => {
        if (alive) setState({ record, loading: false, failed: !record });
      },
      () => {
        if (alive) setState({ record: null, loading: false, failed: true });
      },
    );
    return () => {
      alive = false;
    };
  }, [bundle.entity.name, dataProvider, given, id, isPublic, missing, mode, reload]);
  return { ...state, reload: () => setReload((n) => n + 1) };
}

/**
 * Add mode of a page that resumes drafts: looks for the user's draft of the same (e.g. notice) and,
 * when there is one, offers 继续编辑 instead of a new form (a second one would be refused) and
 * instead of opening the old draft without a word. `looking` while asking; `resume` opens the draft.
 */
export function useResume(
  page: FormPageDef,
  bundle: PageKindProps['bundle'],
  mode: FormMode,
  start: Record<string, unknown> | undefined,
  query: Record<string, string | undefined>,
) {
  const { dataProvider, user } = useRuntime();
  const navigate = useNavigate();
  const req = mode === 'add' && start ? resumeRequest(page, bundle.workflow?.initial, start, user?.userId) : null;
  const key = req ? JSON.stringify(req) : '';
  const [state, setState] = useState<{ looking: boolean; draft: ResourceRecord | null }>({
    looking: Boolean(req),
    draft: null,
  });
  useEffect(() => {
    if (!req) {
      setState({ looking: false, draft: null });
      return undefined;
    }
    let alive = true;
    setState({ looking: true, draft: null });
    dataProvider.getList(bundle.entity.name, req).then(
      (r) => {
        if (alive) setState({ looking: false, draft: r?.list?.[0] ?? null });
      },
      () => {
        if (alive) setState({ looking: false, draft: null });
      },
    );
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for everything the lookup reads
  }, [key]);
  const resume = () => {
    if (!state.draft) return;
    const params = new URLSearchParams(
      Object.entries(query).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
    params.set('id', String(state.draft.id));
    navigate(`?${params}`, { replace: true });
  };
  return { looking: state.looking, draft: state.draft, resume };
}

/** Where a steps form was last edited, per page and record, so reopening it starts there. */
const stepKey = (pageId: string, id: unknown) => `runtime-step:${pageId}:${String(id)}`;
export function storedStep(pageId: string, id: unknown): number {
  try {
    return Number(localStorage.getItem(stepKey(pageId, id))) || 0;
  } catch {
    return 0;
  }
}
export function storeStep(pageId: string, id: unknown, step: number | null): void {
  try {
    if (step === null) localStorage.removeItem(stepKey(pageId, id));
    else localStorage.setItem(stepKey(pageId, id), String(step));
  } catch {
    /* storage unavailable */
  }
}
