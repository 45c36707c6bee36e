/**
 * The ranking page kind (./page.schema.json): a ranked result list read from a module
 * endpoint for the batch in ?id, the columns the schema names, a row decision dialog (a dictionary
 * choice and an optional note) while the answer says the user may decide, and a download. The
 * endpoints decide and refuse; this page only shows what they answer.
 */
import { Alert, Button, Card, Empty, Space, Table } from 'antd';
import { useState } from 'react';
import type { RankingPageDef } from '../../../../../shared/schema/types.js';
import { fillPlaceholders } from '../../../../../shared/schema/placeholders.js';
import { failureText } from '../../../../feedback/failureText.js';
import { useMessage } from '../../../../feedback/messages.js';
import { useRuntime } from '../../../../runtime/RuntimeContext.js';
import type { PageKindProps } from '../../../../runtime/pages/types.js';
import { useBatchAnswer } from '../../useBatchAnswer.js';
import { BackButton, BatchPending } from '../../BatchFrame.js';
import { cell, heading } from './rankingCells.js';
import { DecideDialog } from './DecideDialog.js';
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
          }}
        />
      ) : null}
    </Card>
  );
}
