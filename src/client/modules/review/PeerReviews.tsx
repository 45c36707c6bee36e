/**
 * After an expert submits, the other submitted reviews of the same record in the batch
 * (review/peers: 专家1, 专家2… in a blind batch), so the expert can weigh their judgement against
 * their peers' before a discussion or a re-review.
 */
import { Alert, Descriptions, Empty, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useRuntime } from '../../runtime/RuntimeContext.js';
import { failureText } from '../../feedback/failureText.js';
import { reviewCalls, type PeerReview as Peer } from '../../../shared/contracts/review.js';

export function PeerReviews({ reviewId }: { reviewId: number | string }) {
  const { dataProvider } = useRuntime();
  const [peers, setPeers] = useState<Peer[] | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    dataProvider.moduleCall(reviewCalls.peers, { id: reviewId }).then(
      (r) => {
        if (alive) setPeers(r?.reviews ?? []);
      },
      (e) => {
        if (alive) {
          setPeers([]);
          setError(failureText(e));
        }
      },
    );
    return () => {
      alive = false;
    };
  }, [dataProvider, reviewId]);
  return (
    <div className="rt-peer-reviews" style={{ marginTop: 24 }}>
      <div style={{ marginBottom: 8, fontWeight: 500 }}>其他专家的评审</div>
      {peers === undefined ? <Spin size="small" /> : null}
      {error ? <Alert type="warning" showIcon message={error} /> : null}
      {peers && !peers.length && !error ? (
        <Empty description="暂无其他专家提交评审" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : null}
      {(peers ?? []).map((p) => (
        <Descriptions
          key={p.key}
          size="small"
          bordered
          column={2}
          style={{ marginBottom: 12 }}
          className="rt-peer-review"
          title={p.expertName}
          items={[
            { key: 'total', label: '总分', children: p.total ?? '-' },
            {
              key: 'scores',
              label: '各项得分',
              children:
                Object.entries(p.scores ?? {})
                  .map(([k, v]) => `${k}${v}分`)
                  .join('；') || '-',
            },
            { key: 'rec', label: '推荐意见', children: p.recommendation ?? '-' },
            { key: 'conf', label: '评审把握', children: p.confidence ?? '-' },
            {
              key: 'comment',
              label: '评审意见',
              span: 2,
              children: <span style={{ whiteSpace: 'pre-wrap' }}>{p.comment || '-'}</span>,
            },
          ]}
        />
      ))}
    </div>
  );
}
