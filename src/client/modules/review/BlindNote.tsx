import { Alert } from 'antd';
import type { FileRefValue } from '../../upload/uploadTypes.js';

/** What the page shows where the server left out a field naming the applicant. */
export const HIDDEN_TEXT = '匿名评审（已隐去）';

/**
 * The note of a blind review task: the generated application names no one, while the uploaded
 * documents are the applicant's own files as uploaded (only their author properties removed), so
 * the expert knows which material may still carry a name in its text.
 */
export function BlindNote({
  documents,
  application,
}: {
  documents?: Array<{ field: string; label: string; files: FileRefValue[] }>;
  application: boolean;
}) {
  const uploaded = (documents ?? []).filter((d) => d.files.length > 0).map((d) => `「${d.label}」`);
  const parts = [
    '本批次为隐名评审，课题负责人、单位、成员等身份信息已隐去。',
    application ? '「申报书（按申报信息生成）」不含身份信息。' : '',
    uploaded.length
      ? `${uploaded.join('、')}为申请人上传的原文件，已去除作者、单位等文件属性，正文未作改动，如正文中出现身份信息，请勿据此评审。`
      : '',
  ];
  return (
    <Alert
      className="rt-blind-note"
      type="info"
      showIcon
      message="匿名评审"
      description={parts.join('')}
      style={{ marginBottom: 16 }}
    />
  );
}
