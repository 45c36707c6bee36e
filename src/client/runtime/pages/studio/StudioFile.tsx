import { Button, Empty, Input, List, Space, Tabs, Typography } from 'antd';
import { LayoutPanel } from './LayoutPanel.js';
import { OutlineDiff } from './OutlineDiff.js';
import { StudioEditor } from './StudioEditor.js';
import { StudioPreview } from './StudioPreview.js';
import { changeText, StudioVersions } from './StudioVersions.js';
import type { Change, Problem, Version } from './studioApi.js';
import type { OpenFile } from './useStudio.js';
import { pageAction } from '../pageAction.js';

/**
 * The file open in the studio: its name, where it is used, the reason and 放弃修改 / 发布 (publish
 * waits for a change that checks clean), and its tabs: the JSON editor, a page's form settings, the
 * preview, the change against the published version and the versions to roll back to.
 */
export function StudioFile({
  open,
  text,
  usedBy,
  reason,
  onReason,
  problems,
  changes,
  checking,
  publishing,
  docText,
  onDraft,
  onDiscard,
  onPublish,
  onRollback,
}: {
  open: OpenFile;
  text: string;
  usedBy: string[];
  reason: string;
  onReason: (reason: string) => void;
  problems: Problem[];
  changes: Change[];
  checking: boolean;
  publishing: boolean;
  docText: (key: string) => Promise<string | undefined>;
  onDraft: (text: string) => void;
  onDiscard: () => void;
  onPublish: () => void;
  onRollback: (v: Version) => void;
}) {
  const dirty = text !== open.published;
  const isPage = open.key.startsWith('pages/');
  return (
    <>
      <Space direction="vertical" style={{ width: '100%', marginBottom: 12 }}>
        <Typography.Text strong>{open.file}</Typography.Text>
        <Typography.Text type="secondary">使用处：{usedBy.length ? usedBy.join('；') : '无'}</Typography.Text>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            aria-label="修改说明"
            placeholder="修改说明（必填）"
            maxLength={500}
            value={reason}
            onChange={(e) => onReason(e.target.value)}
          />
          <Button onClick={onDiscard} disabled={!dirty}>
            放弃修改
          </Button>
          <Button
            type="primary"
            loading={publishing}
            disabled={!dirty || checking || problems.length > 0}
            onClick={onPublish}
            {...pageAction('studio')}
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
                onChange={onDraft}
              />
            ),
          },
          ...(isPage
            ? [
                {
                  key: 'layout',
                  label: '表单设置',
                  children: <LayoutPanel text={text} docText={docText} onChange={onDraft} />,
                },
              ]
            : []),
          { key: 'preview', label: '预览', children: <StudioPreview pageText={text} docText={docText} /> },
          {
            key: 'diff',
            label: `与已发布版本比较${changes.length ? `（${changes.length}）` : ''}`,
            children: (
              <>
                {isPage && <OutlineDiff published={open.published} text={text} docText={docText} />}
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
            children: <StudioVersions versions={open.versions} onRollback={onRollback} />,
          },
        ]}
      />
    </>
  );
}
