/**
 * Widget "SimilarityReport": the 查重报告 of the page's topic (similarity/report): its verdict at
 * the notice's threshold, then each document with the earlier documents it repeats, their score,
 * whether they are the applicant's own earlier work (本人延续: not plagiarism, said so), and the
 * passages side by side. The server decides what the reader may see of another's document.
 */
import { Alert, Card, Empty, Space, Spin, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { failureText } from '../../../../feedback/failureText.js';
import { usePageEnv } from '../../../../runtime/PageContext.js';
import { useOptionalRuntime } from '../../../../runtime/RuntimeContext.js';
import { useRecordChanged } from '../../../../runtime/recordChanged.js';
import {
  similarityCalls,
  type SimilarityMatch,
  type SimilarityReport as Report,
  type SimilarityVerdict,
} from '../../../../../shared/contracts/similarity.js';

const VERDICT: Record<SimilarityVerdict, { text: string; color: string }> = {
  '0': { text: '未检测', color: 'default' },
  '1': { text: '未见重复', color: 'green' },
  '2': { text: '疑似重复', color: 'red' },
  '3': { text: '本人延续', color: 'blue' },
};

function VerdictTag({ verdict }: { verdict: SimilarityVerdict }) {
  return <Tag color={VERDICT[verdict].color}>{VERDICT[verdict].text}</Tag>;
}

function MatchCard({ m }: { m: SimilarityMatch }) {
  return (
    <Card
      size="small"
      style={{ marginTop: 8 }}
      title={
        <Space wrap>
          <span>{m.topicName}</span>
          {m.year ? <span>（{m.year}年度）</span> : null}
          <Tag color={m.samePerson ? 'blue' : 'orange'}>{m.samePerson ? '本人的课题' : '他人的课题'}</Tag>
          <span>重复率 {m.score}%</span>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        对比材料：{m.document}
        {m.owner ? `；负责人及单位：${m.owner}` : ''}
      </Typography.Paragraph>
      {m.samePerson ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 8 }}
          message="该材料与本人此前的课题材料相似，属于本人研究的延续，不视为抄袭。"
        />
      ) : null}
      <Table
        size="small"
        rowKey={(_, i) => String(i)}
        pagination={false}
        dataSource={m.passages}
        locale={{ emptyText: '无逐句对应的段落' }}
        columns={[
          { title: '本课题材料', dataIndex: 'ours', width: '50%' },
          {
            title: '相似的已有材料',
            dataIndex: 'theirs',
            width: '50%',
            render: (t: string | null) => t ?? <Typography.Text type="secondary">（他人材料不予显示）</Typography.Text>,
          },
        ]}
      />
    </Card>
  );
}

export function SimilarityReport(_: { value?: unknown }) {
  const env = usePageEnv();
  const runtime = useOptionalRuntime();
  const id = env?.record?.id;
  const [report, setReport] = useState<Report | null | undefined>(undefined);
  const [refusal, setRefusal] = useState<string | null>(null);

  const load = useCallback(() => {
    if (!runtime || id === undefined || id === null) return;
    runtime.dataProvider.moduleCall(similarityCalls.report, { id: id as number | string }).then(
      (r) => {
        setReport(r);
        setRefusal(null);
      },
      (e) => {
        setReport(null);
        setRefusal(failureText(e));
      },
    );
  }, [runtime, id]);
  useEffect(() => load(), [load]);
  useRecordChanged(id, load);

  if (refusal) return <Alert type="warning" showIcon message={refusal} />;
  if (report === undefined) return <Spin />;
  if (!report) return <Empty description="暂无查重报告" />;
  if (report.closed) return <Alert type="info" showIcon message={report.closed} />;
  return (
    <div data-testid="similarity-report">
      <Space wrap style={{ marginBottom: 12 }}>
        <span>查重结论：</span>
        <VerdictTag verdict={report.verdict} />
        <span>最高重复率 {report.score}%</span>
        <span>阈值 {report.threshold}%</span>
      </Space>
      {report.pending ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message="部分材料正在转换，转换完成后将自动纳入查重。"
        />
      ) : null}
      {report.documents.length === 0 ? <Empty description="暂无可查重的材料" /> : null}
      {report.documents.map((d, i) => (
        <Card
          key={i}
          size="small"
          style={{ marginBottom: 12 }}
          title={
            <Space wrap>
              <span>{d.document}</span>
              <VerdictTag verdict={d.verdict} />
              <span>重复率 {d.score}%</span>
            </Space>
          }
        >
          {d.matches.length === 0 ? <Typography.Text type="secondary">未发现相似的已有材料</Typography.Text> : null}
          {d.matches.map((m, j) => (
            <MatchCard key={j} m={m} />
          ))}
        </Card>
      ))}
    </div>
  );
}
