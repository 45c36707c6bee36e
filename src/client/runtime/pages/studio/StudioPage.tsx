/**
 * Page kind "studio" (表单设计): the schema files as a tree with where each is used; one file edited
 * as JSON and checked with the whole set as you type; a page previewed by the runtime from the
 * drafts; the change against the published version; publish (refused with the checker's file and
 * path, held for confirmation when stored data would lose its schema) and rollback to any version.
 * The server checks every call (super admin and analyst only).
 */
import { Alert, Button, Card, Col, Empty, Input, List, Row, Space, Tabs, Typography } from 'antd';
import { Dialog } from '../../../feedback/Dialog.js';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { JsonSchema } from '../../../../shared/schema/metaSchemaAt.js';
import type { StudioPageDef } from '../../../../shared/schema/types.js';
import { isApiError } from '../../../api/ApiError.js';
import { useMessage } from '../../../feedback/messages.js';
import { useRuntime } from '../../RuntimeContext.js';
import type { PageKindProps } from '../types.js';
import { LayoutPanel } from './LayoutPanel.js';
import { OutlineDiff } from './OutlineDiff.js';
import { SchemaTree } from './SchemaTree.js';
import { StudioEditor } from './StudioEditor.js';
import { StudioPreview } from './StudioPreview.js';
import { StudioProposals } from './StudioProposals.js';
import { changeText, StudioVersions } from './StudioVersions.js';
import { studioApi, type Change, type Orphan, type Problem, type TreeItem, type Version } from './studioApi.js';

/** Said when a publish touched access: it waits for a super admin (the server's words). */
const PROPOSED = '此修改涉及访问权限，已提交审批，超级管理员批准后发布';

interface Open {
  key: string;
  file: string;
  published: string;
  versions: Version[];
  /** The file's meta-schema, bundled: the editor completes and explains keys from it. */
  meta: JsonSchema | null;
}

export function StudioPage({ bundle }: PageKindProps) {
  const page = bundle.page as StudioPageDef;
  const { dataProvider, user } = useRuntime();
  const api = useMemo(() => studioApi(dataProvider), [dataProvider]);
  const message = useMessage();
  const [items, setItems] = useState<TreeItem[]>([]);
  const [open, setOpen] = useState<Open | undefined>();
  /** Edited texts by key, kept while switching files: a page's preview uses its entity's draft. */
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<Problem[]>([]);
  const [changes, setChanges] = useState<Change[]>([]);
  const [checking, setChecking] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [ask, setAsk] = useState<{ orphans: Orphan[]; go: () => Promise<void> } | undefined>();
  const published = useRef(new Map<string, string>());
  /** Moves with every publish, so the proposals list shows one just made. */
  const [proposalsSeen, setProposalsSeen] = useState(0);

  const text = open ? (drafts[open.key] ?? open.published) : '';
  const load = useCallback(
    async (key: string) => {
      const got = await api.get(key);
      published.current.set(key, got.content);
      setOpen({ key, file: got.file, published: got.content, versions: got.versions, meta: got.meta });
    },
    [api],
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
            setProblems(r.problems);
            setChanges(r.changes);
          },
          () => setProblems([]),
        )
        .finally(() => setChecking(false));
    }, 400);
    return () => clearTimeout(timer);
  }, [api, open, text]);

  const docText = useCallback(
    async (key: string) => {
      if (drafts[key] !== undefined) return drafts[key];
      if (!published.current.has(key)) {
        try {
          published.current.set(key, (await api.get(key)).content);
        } catch {
          return undefined;
        }
      }
      return published.current.get(key);
    },
    [api, drafts],
  );

  const afterChange = async (key: string, ok: string) => {
    void message.success(ok);
    setProposalsSeen((n) => n + 1);
    setDrafts((d) => {
      const { [key]: _gone, ...rest } = d;
      return rest;
    });
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

  const publish = () => {
    if (!open) return;
    if (!reason.trim()) {
      setError('请填写修改说明');
      return;
    }
    void run((confirm) => api.publish(open.key, text, reason.trim(), confirm), open.key, '发布成功');
  };
  const rollback = (v: Version) =>
    void run((confirm) => api.rollback(v.id, confirm), v.key ?? open?.key ?? '', '回滚成功');
  const dirty = open ? text !== open.published : false;
  const used = items.find((i) => i.key === open?.key)?.usedBy ?? [];

  return (
    <section className="runtime-page runtime-studio" aria-label={page.title}>
      <Dialog
        open={!!ask}
        title="此修改影响已存数据"
        okText="确认继续"
        cancelText="取消"
        onCancel={() => setAsk(undefined)}
        onOk={async () => {
          const go = ask?.go;
          setAsk(undefined);
          await go?.();
        }}
      >
        <List size="small" dataSource={ask?.orphans ?? []} renderItem={(o) => <List.Item>{o.message}</List.Item>} />
      </Dialog>
      <Card
        title={page.title}
        extra={page.description ? <Typography.Text type="secondary">{page.description}</Typography.Text> : null}
      >
        <Row gutter={16}>
          <Col span={7}>
            <SchemaTree
              items={items}
              selected={open?.key}
              onSelect={(k) => {
                setError(undefined);
                void load(k).catch((e: unknown) => setError((e as Error)?.message));
              }}
            />
          </Col>
          <Col span={17}>
            {error && (
              <Alert
                type="error"
                showIcon
                message={error}
                closable
                onClose={() => setError(undefined)}
                style={{ marginBottom: 12 }}
                className="studio-error"
              />
            )}
            {!open ? (
              <Empty description="请在左侧选择要修改的配置文件" />
            ) : (
              <>
                <Space direction="vertical" style={{ width: '100%', marginBottom: 12 }}>
                  <Typography.Text strong>{open.file}</Typography.Text>
                  <Typography.Text type="secondary">使用处：{used.length ? used.join('；') : '无'}</Typography.Text>
                  <Space.Compact style={{ width: '100%' }}>
                    <Input
                      aria-label="修改说明"
                      placeholder="修改说明（必填）"
                      maxLength={500}
                      value={reason}
                      onChange={(e) => setReason(e.target.value)}
                    />
                    <Button
                      onClick={() =>
                        setDrafts((d) => {
                          const { [open.key]: _gone, ...rest } = d;
                          return rest;
                        })
                      }
                      disabled={!dirty}
                    >
                      放弃修改
                    </Button>
                    <Button
                      type="primary"
                      loading={publishing}
                      disabled={!dirty || checking || problems.length > 0}
                      onClick={publish}
                    >
                      发布
                    </Button>
                  </Space.Compact>
                </Space>
                <Tabs
                  items={[
                    {
                      key: 'edit',
                      label: '编辑',
                      children: (
                        <StudioEditor
                          fileKey={open.key}
                          meta={open.meta}
                          text={text}
                          problems={problems}
                          checking={checking}
                          onChange={(t) => setDrafts((d) => ({ ...d, [open.key]: t }))}
                        />
                      ),
                    },
                    ...(open.key.startsWith('pages/')
                      ? [
                          {
                            key: 'layout',
                            label: '表单设置',
                            children: (
                              <LayoutPanel text={text} onChange={(t) => setDrafts((d) => ({ ...d, [open.key]: t }))} />
                            ),
                          },
                        ]
                      : []),
                    { key: 'preview', label: '预览', children: <StudioPreview pageText={text} docText={docText} /> },
                    {
                      key: 'diff',
                      label: `与已发布版本比较${changes.length ? `（${changes.length}）` : ''}`,
                      children: (
                        <>
                          {open.key.startsWith('pages/') && (
                            <OutlineDiff published={open.published} text={text} docText={docText} />
                          )}
                          {changes.length ? (
                            <List
                              size="small"
                              bordered
                              dataSource={changes}
                              renderItem={(c) => <List.Item>{changeText(c)}</List.Item>}
                            />
                          ) : (
                            <Empty description="与已发布版本相同" />
                          )}
                        </>
                      ),
                    },
                    {
                      key: 'versions',
                      label: '历史版本',
                      children: <StudioVersions versions={open.versions} onRollback={rollback} />,
                    },
                  ]}
                />
              </>
            )}
          </Col>
        </Row>
      </Card>
      <Card title="权限修改审批" style={{ marginTop: 16 }}>
        <StudioProposals
          api={api}
          canDecide={user?.roleCode === '1'}
          refresh={proposalsSeen}
          onDecided={(ok) => void message.success(ok)}
          onError={setError}
        />
      </Card>
    </section>
  );
}
