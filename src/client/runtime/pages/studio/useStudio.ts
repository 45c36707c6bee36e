import { useCallback, useEffect, useMemo, useState } from 'react';
import type { JsonSchema } from '../../../../shared/schema/metaSchemaAt.js';
import { isApiError } from '../../../api/ApiError.js';
import { useMessage } from '../../../feedback/messages.js';
import { useRuntime } from '../../RuntimeContext.js';
import { publishWithDryRun } from './publishFlow.js';
import { PublishedDocs } from './publishedDocs.js';
import {
  studioApi,
  type Change,
  type Orphan,
  type OutlineChange,
  type Problem,
  type TreeItem,
  type Version,
} from './studioApi.js';

/** Said when a publish touched access: it waits for a super admin (the server's words). */
const PROPOSED = '此修改涉及访问权限，已提交审批，超级管理员批准后发布';

export interface OpenFile {
  key: string;
  file: string;
  published: string;
  versions: Version[];
  /** The file's meta-schema, bundled: the editor completes and explains keys from it. */
  meta: JsonSchema | null;
}

/** A report to confirm: a dry run's before a publish (answer), or the server's on a rollback (go). */
export interface Ask {
  orphans: Orphan[];
  outlines?: OutlineChange[];
  go?: () => Promise<void>;
  answer?: (ok: boolean) => void;
}

/**
 * The studio's state: the schema files' tree, the file open and the drafts of every file edited
 * (kept while switching files: a page's preview uses its entity's draft), the check as you type,
 * the published texts the preview reads, and publish / rollback with their reports to confirm.
 */
export function useStudio() {
  const { dataProvider } = useRuntime();
  const api = useMemo(() => studioApi(dataProvider), [dataProvider]);
  const message = useMessage();
  const [items, setItems] = useState<TreeItem[]>([]);
  const [open, setOpen] = useState<OpenFile | undefined>();
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<Problem[]>([]);
  const [changes, setChanges] = useState<Change[]>([]);
  const [checking, setChecking] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [ask, setAsk] = useState<Ask | undefined>();
  const published = useMemo(() => new PublishedDocs(async (key) => (await api.get(key)).content), [api]);
  /** Moves when published texts were dropped, so the preview reads them again. */
  const [generation, setGeneration] = useState(0);
  const served = useCallback(
    (version: number | undefined) => {
      if (published.seen(version)) setGeneration((g) => g + 1);
    },
    [published],
  );
  /** Moves with every publish, so the proposals list shows one just made. */
  const [proposalsSeen, setProposalsSeen] = useState(0);

  const text = open ? (drafts[open.key] ?? open.published) : '';
  const load = useCallback(
    async (key: string) => {
      const got = await api.get(key);
      served(got.published);
      published.put(key, got.content);
      setOpen({ key, file: got.file, published: got.content, versions: got.versions, meta: got.meta });
    },
    [api, published, served],
  );

  useEffect(() => {
    api.tree().then(
      (t) => setItems(t?.items ?? []),
      (e: unknown) => setError((e as Error)?.message),
    );
  }, [api]);

  // Checked as you type, a moment after the last key.
  useEffect(() => {
    if (!open) return;
    setChecking(true);
    const timer = setTimeout(() => {
      api
        .check(open.key, text)
        .then(
          (r) => {
            served(r.published);
            setProblems(r.problems);
            setChanges(r.changes);
          },
          () => setProblems([]),
        )
        .finally(() => setChecking(false));
    }, 400);
    return () => clearTimeout(timer);
  }, [api, open, text, served]);

  const docText = useCallback(
    async (key: string) => drafts[key] ?? published.text(key),
    // generation: texts dropped, read again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [published, drafts, generation],
  );

  /** Whatever was published (here, by an approval), the preview reads the served texts again. */
  const republished = useCallback(() => {
    published.drop();
    setGeneration((g) => g + 1);
  }, [published]);

  const setDraft = (key: string, t: string) => setDrafts((d) => ({ ...d, [key]: t }));
  const discard = (key: string) =>
    setDrafts((d) => {
      const { [key]: _gone, ...rest } = d;
      return rest;
    });

  const afterChange = async (key: string, ok: string) => {
    void message.success(ok);
    republished();
    setProposalsSeen((n) => n + 1);
    discard(key);
    setReason('');
    await load(key);
    setItems((await api.tree())?.items ?? []);
  };

  /** Runs a publish or rollback; stored data losing its schema is shown and confirmed first. */
  const run = async (call: (confirm: boolean) => Promise<unknown>, key: string, ok: string) => {
    setPublishing(true);
    setError(undefined);
    try {
      const done = (await call(false)) as { proposalId?: number } | undefined;
      await afterChange(key, done?.proposalId ? PROPOSED : ok);
    } catch (e) {
      const orphans = isApiError(e)
        ? (e.data as { confirm?: boolean; orphans?: Orphan[] } | undefined)?.orphans
        : undefined;
      if (orphans?.length) {
        setAsk({
          orphans,
          go: async () => {
            try {
              const done = (await call(true)) as { proposalId?: number } | undefined;
              await afterChange(key, done?.proposalId ? PROPOSED : ok);
            } catch (e2) {
              setError((e2 as Error)?.message);
            }
          },
        });
      } else {
        setError((e as Error)?.message || '操作失败');
      }
    } finally {
      setPublishing(false);
    }
  };

  /** Publishes after the dry run: its report, when it finds stored records concerned, is confirmed first. */
  const publish = async () => {
    if (!open) return;
    if (!reason.trim()) {
      setError('请填写修改说明');
      return;
    }
    const key = open.key;
    setPublishing(true);
    setError(undefined);
    try {
      const done = await publishWithDryRun(
        api,
        { key, text, reason: reason.trim() },
        (orphans, outlines) => new Promise((answer) => setAsk({ orphans, outlines, answer })),
      );
      if (done) await afterChange(key, done.proposalId ? PROPOSED : '发布成功');
    } catch (e) {
      setError((e as Error)?.message || '操作失败');
    } finally {
      setPublishing(false);
    }
  };
  const rollback = (v: Version) =>
    void run((confirm) => api.rollback(v.id, confirm), v.key ?? open?.key ?? '', '回滚成功');

  return {
    api,
    items,
    open,
    text,
    load,
    setDraft,
    discard,
    problems,
    changes,
    checking,
    publishing,
    reason,
    setReason,
    error,
    setError,
    ask,
    setAsk,
    docText,
    republished,
    proposalsSeen,
    publish,
    rollback,
  };
}
