/**
 * Page kind "studio" (表单设计): the schema files as a tree with where each is used; one file edited
 * as JSON and checked with the whole set as you type; a page previewed by the runtime from the
 * drafts; the change against the published version; publish (refused with the checker's file and
 * path, held for confirmation when stored data would lose its schema) and rollback to any version.
 * The server checks every call (super admin and analyst only).
 */
import { Alert, Card, Col, Empty, Row, Typography } from 'antd';
import type { StudioPageDef } from '../../../../shared/schema/types.js';
import { useMessage } from '../../../feedback/messages.js';
import { useRuntime } from '../../RuntimeContext.js';
import type { PageKindProps } from '../types.js';
import { DryRunDialog } from './DryRunDialog.js';
import { SchemaTree } from './SchemaTree.js';
import { StudioFile } from './StudioFile.js';
import { StudioProposals } from './StudioProposals.js';
import { useStudio } from './useStudio.js';

export function StudioPage({ bundle }: PageKindProps) {
  const page = bundle.page as StudioPageDef;
  const { user } = useRuntime();
  const message = useMessage();
  const studio = useStudio();
  const { open, error, setError } = studio;
  const used = studio.items.find((i) => i.key === open?.key)?.usedBy ?? [];

  return (
    <section className="runtime-page runtime-studio" aria-label={page.title}>
      <DryRunDialog ask={studio.ask} onClose={() => studio.setAsk(undefined)} />
      <Card
        title={page.title}
        extra={page.description ? <Typography.Text type="secondary">{page.description}</Typography.Text> : null}
      >
        <Row gutter={16}>
          <Col span={7}>
            <SchemaTree
              items={studio.items}
              selected={open?.key}
              onSelect={(k) => {
                setError(undefined);
                void studio.load(k).catch((e: unknown) => setError((e as Error)?.message));
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
              <StudioFile
                open={open}
                text={studio.text}
                usedBy={used}
                reason={studio.reason}
                onReason={studio.setReason}
                problems={studio.problems}
                changes={studio.changes}
                checking={studio.checking}
                publishing={studio.publishing}
                docText={studio.docText}
                onDraft={(t) => studio.setDraft(open.key, t)}
                onDiscard={() => studio.discard(open.key)}
                onPublish={() => void studio.publish()}
                onRollback={studio.rollback}
              />
            )}
          </Col>
        </Row>
      </Card>
      <Card title="权限修改审批" style={{ marginTop: 16 }}>
        <StudioProposals
          api={studio.api}
          canDecide={user?.roleCode === '1'}
          refresh={studio.proposalsSeen}
          onDecided={(ok) => {
            studio.republished();
            void message.success(ok);
          }}
          onError={setError}
        />
      </Card>
    </section>
  );
}
