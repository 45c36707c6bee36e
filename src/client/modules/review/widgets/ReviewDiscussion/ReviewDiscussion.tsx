/**
 * Widget "ReviewDiscussion": the discussion of the reviewed record a review task belongs to, among
 * its experts who have submitted their own review and the batch's organisers (review/discussion,
 * review/discussionPost; the server decides who may read and how authors are named: 专家1, 专家2…
 * to each other in a blind batch). Each post shows its author, time, the post it answers and its
 * text; 回复 answers one post. It re-reads when the page's record is submitted.
 */
import { Alert, Button, Empty, Input, Space, Spin, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { failureText } from '../../../../feedback/failureText.js';
import { useMessage } from '../../../../feedback/messages.js';
import { usePageEnv } from '../../../../runtime/PageContext.js';
import { useOptionalRuntime } from '../../../../runtime/RuntimeContext.js';
import { useRecordChanged } from '../../../../runtime/recordChanged.js';
import { useAction } from '../../useAction.js';
import {
  reviewCalls,
  type DiscussionPost as Post,
  type DiscussionThread as Thread,
} from '../../../../../shared/contracts/review.js';

export function ReviewDiscussion(_: { value?: unknown }) {
  const env = usePageEnv();
  const runtime = useOptionalRuntime();
  const message = useMessage();
  const id = env?.record?.id;
  const [thread, setThread] = useState<Thread | null | undefined>(undefined);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [replyTo, setReplyTo] = useState<Post | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useAction(setError);

  const load = useCallback(() => {
    if (!runtime || id === undefined || id === null) return;
    runtime.dataProvider.moduleCall(reviewCalls.discussion, { id }).then(
      (t) => {
        setThread(t ?? null);
        setRefusal(null);
      },
      (e) => {
        setThread(null);
        setRefusal(failureText(e));
      },
    );
  }, [runtime, id]);
  useEffect(() => load(), [load]);
  useRecordChanged(id, load);

  const send = () => {
    // The form shows only with a thread, read for the page's record.
    if (!runtime || id === undefined || id === null) return;
    return run(async () => {
      await runtime.dataProvider.moduleCall(reviewCalls.discussionPost, {
        id,
        content: text.trim(),
        replyTo: replyTo?.id ?? null,
      });
      void message.success('发言成功');
      setText('');
      setReplyTo(null);
      load();
    });
  };

  if (thread === undefined) return <Spin size="small" />;
  if (!thread || thread.closed)
    return (
      <Alert
        className="rt-discussion-closed"
        type="info"
        showIcon
        message={thread?.closed ?? refusal ?? '暂不能查看讨论'}
      />
    );
  return (
    <div className="rt-discussion">
      {thread.posts.length ? null : <Empty description="暂无讨论" image={Empty.PRESENTED_IMAGE_SIMPLE} />}
      {thread.posts.map((p) => (
        <div key={p.id} className="rt-discussion-post" style={{ padding: '8px 0', borderBottom: '1px solid #f0f0f0' }}>
          <Space size={8} wrap>
            <strong className="rt-discussion-author">{p.author}</strong>
            {p.mine ? <Tag color="blue">我</Tag> : null}
            {p.organiser ? <Tag color="gold">组织方</Tag> : null}
            <span style={{ color: '#666' }}>{p.createdAt}</span>
            {p.replyToAuthor ? <span style={{ color: '#666' }}>回复 {p.replyToAuthor}</span> : null}
            {thread.canPost ? (
              <a className="rt-discussion-reply" onClick={() => setReplyTo(p)}>
                回复
              </a>
            ) : null}
          </Space>
          <div className="rt-discussion-content" style={{ whiteSpace: 'pre-wrap', marginTop: 4 }}>
            {p.content}
          </div>
        </div>
      ))}
      {thread.canPost ? (
        <div style={{ marginTop: 12 }}>
          {replyTo ? (
            <Tag closable onClose={() => setReplyTo(null)} style={{ marginBottom: 8 }}>
              回复 {replyTo.author}
            </Tag>
          ) : null}
          <Input.TextArea
            aria-label="讨论内容"
            className="rt-discussion-input"
            rows={3}
            maxLength={thread.maxLength}
            showCount
            placeholder={thread.me ? `以「${thread.me}」的身份发言` : '请输入讨论内容'}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          {error ? <Alert type="error" showIcon role="alert" message={error} style={{ marginTop: 8 }} /> : null}
          <Button
            type="primary"
            className="rt-discussion-send"
            style={{ marginTop: 8 }}
            loading={busy}
            disabled={!text.trim()}
            onClick={() => void send()}
          >
            发言
          </Button>
        </div>
      ) : (
        <div style={{ color: '#666', marginTop: 8 }}>评审已结束，讨论已关闭</div>
      )}
    </div>
  );
}
