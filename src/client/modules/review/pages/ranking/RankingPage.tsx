/**
 * The ranking page kind (./page.schema.json): a ranked result list read from a module
 * endpoint for the batch in ?id, the columns the schema names, a row decision dialog (a dictionary
 * choice and an optional note) while the answer says the user may decide, and a download. The
 * endpoints decide and refuse; this page only shows what they answer.
 */
import { Alert, Button, Card, Empty, Radio, Space, Table } from 'antd';
import { ReasonInput } from '../../ReasonInput.js';
import { useState } from 'react';
import type { RankingPageDef } from '../../../../../shared/schema/types.js';
import { fillPlaceholders } from '../../../../../shared/schema/placeholders.js';
import { Dialog } from '../../../../feedback/Dialog.js';
import { failureText } from '../../../../feedback/failureText.js';
import { useMessage } from '../../../../feedback/messages.js';
import { useDictionary } from '../../../../runtime/dictionaries/useDictionary.js';
import { useRuntime } from '../../../../runtime/RuntimeContext.js';
import type { PageKindProps } from '../../../../runtime/pages/types.js';
import { useBatchAnswer } from '../../useBatchAnswer.js';
import { BackButton, BatchPending } from '../../BatchFrame.js';
import { cell, heading } from './rankingCells.js';
import { pageAction } from '../../../../runtime/pages/pageAction.js';

type Row = Record<string, unknown>;
interface RankingAnswer {
  batch: { name: string; canDecide?: boolean };
  rows: Row[];
}

function rowChoices(r: Row, key: string): Array<{ value: string; label: string }> {
  const v = r[key];
  return Array.isArray(v) ? (v as Array<{ value: string; label: string }>) : [];
}

function DecideDialog({
  def,
  title,
  allowed,
  onCancel,
  onOk,
}: {
  def: NonNullable<RankingPageDef['decide']>;
  title: string;
  /** The row's own choices (decide.optionsKey): only what the endpoint will carry out, worded for the row. */
  allowed?: Array<{ value: string; label: string }>;
  onCancel: () => void;
  onOk: (decision: string, note: string) => Promise<void>;
}) {
  const { options } = useDictionary(def.dict);
  const [decision, setDecision] = useState<string | undefined>();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open
      title={`${def.label}：${title}`}
      okText="确定"
      cancelText="取消"
      onCancel={onCancel}
      okButtonProps={{ disabled: !decision, loading: busy }}
      onOk={() => {
        setBusy(true);
        void onOk(decision!, note.trim()).finally(() => setBusy(false));
      }}
      className="rt-decide-dialog"
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Radio.Group
          aria-label={def.label}
          value={decision}
          onChange={(e) => setDecision(e.target.value as string)}
          options={
            allowed
              ? allowed.map((o) => ({ value: o.value, label: o.label }))
              : (options ?? []).map((o) => ({ value: String(o.value), label: o.text }))
          }
        />
        <ReasonInput
          label={def.noteLabel ?? '说明'}
          placeholder={`${def.noteLabel ?? '说明'}（选填）`}
          value={note}
          onChange={setNote}
        />
      </Space>
    </Dialog>
  );
}

export function RankingPage({ bundle, query }: PageKindProps) {
  const page = bundle.page as RankingPageDef;
  const { dataProvider } = useRuntime();
  const message = useMessage();
  const batchId = query.id;
  const { data, error, setError, load } = useBatchAnswer<RankingAnswer>(page.endpoint, batchId);
  const [deciding, setDeciding] = useState<Row | null>(null);

  const back = <BackButton to={page.back} />;
  if (!data) return <BatchPending title={page.title} loading={data === undefined} error={error} back={back} />;
  const decide = page.decide;
  const open = (r: Row) =>
    !!decide &&
    data.batch.canDecide === true &&
    (!decide.optionsKey || rowChoices(r, decide.optionsKey).length > 0) &&
    (!r[decide.field] || (decide.openValues ?? []).includes(String(r[decide.field])));
  const columns = page.columns.map((c) => ({
    key: c.key,
    dataIndex: c.key,
    title: heading(c.label, c.tooltip),
    width: c.width,
    render: (v: unknown) => cell(c.render, v, c.unit),
  }));
  if (decide)
    columns.push({
      key: '_action',
      dataIndex: '_action',
      title: '操作',
      width: 90,
      render: (_: unknown, r?: Row) =>
        r && open(r) ? (
          <Button type="link" size="small" onClick={() => setDeciding(r)} {...pageAction('ranking')}>
            {decide.label}
          </Button>
        ) : (
          ''
        ),
    } as never);
  const nameKey = page.columns.find((c) => c.key !== 'rank')?.key ?? page.rowKey;
  return (
    <Card
      title={`${page.title}：${data.batch.name}`}
      className="runtime-page rt-ranking"
      extra={
        <Space>
          {page.exportUrl ? (
            <Button
              className="rt-export-ranking"
              onClick={() =>
                void dataProvider
                  .download(fillPlaceholders(page.exportUrl!, { id: batchId }), 'POST')
                  .catch((e: unknown) => setError(failureText(e)))
              }
            >
              {page.exportLabel ?? '导出'}
            </Button>
          ) : null}
          {back}
        </Space>
      }
    >
      {error ? <Alert type="warning" showIcon message={error} style={{ marginBottom: 12 }} /> : null}
      <Table<Row>
        rowKey={(r) => String(r[page.rowKey])}
        columns={columns}
        dataSource={data.rows}
        pagination={false}
        size="middle"
        locale={{ emptyText: <Empty description="暂无评审结果" /> }}
      />
      {deciding && decide ? (
        <DecideDialog
          def={decide}
          title={String(deciding[nameKey] ?? '')}
          allowed={decide.optionsKey ? rowChoices(deciding, decide.optionsKey) : undefined}
          onCancel={() => setDeciding(null)}
          onOk={async (decision, note) => {
            try {
              await dataProvider.moduleCall(decide.endpoint, {
                batchId,
                [page.rowKey]: deciding[page.rowKey],
                decision,
                ...(note ? { note } : {}),
              });
              setDeciding(null);
              setError(null);
              void message.success('决定已记录');
              load();
            } catch (e) {
              void message.error(failureText(e));
            }
          }}
        />
      ) : null}
    </Card>
  );
}
