import type { TaskAnswer } from '../../../../../shared/contracts/review.js';
import { UploadFileList } from '../../../../upload/UploadFileList.js';

/** 评审材料: the reviewed record's documents that hold files, and its generated application to download. */
export function ReviewDocuments({
  documents,
  onApplication,
}: {
  documents: TaskAnswer['documents'];
  onApplication?: () => void;
}) {
  const list = (documents ?? []).filter((d) => d.files.length > 0);
  if (!list.length && !onApplication) return <span className="runtime-text">暂无材料</span>;
  return (
    <div className="rt-score-docs">
      {onApplication ? (
        <div data-field="generatedApplication">
          <div style={{ color: '#666' }}>申报书（按申报信息生成）</div>
          <a className="rt-score-application" onClick={onApplication}>
            下载申报书
          </a>
        </div>
      ) : null}
      {list.map((d) => (
        <div key={d.field} data-field={d.field}>
          <div style={{ color: '#666' }}>{d.label}</div>
          <UploadFileList value={d.files} />
        </div>
      ))}
    </div>
  );
}
