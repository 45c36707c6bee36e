import { Alert, Button, Space, Table, Upload } from 'antd';
import { Dialog } from '../../../feedback/Dialog.js';
import { useState } from 'react';
import type { ImportReport } from '../../../../shared/schema/types.js';
import { useRuntime } from '../../RuntimeContext.js';
import { actionIcon } from '../icons.js';
import { useMessage } from '../../../feedback/messages.js';

/** Same ceiling as the server's import body (base64 grows the file by a third). */
export const IMPORT_MAX_BYTES = 6 * 1024 * 1024;

function toBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

interface Props {
  entity: string;
  pageId: string;
  label: string;
  onDone: () => void;
}

/**
 * The list toolbar's import action, for any entity: download the template, upload an .xlsx, and see
 * how many rows were created and which were refused (row number, title, reasons).
 */
export function ImportAction({ entity, pageId, label, onDone }: Props) {
  const { dataProvider } = useRuntime();
  const message = useMessage();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<ImportReport | null>(null);

  const close = () => {
    setOpen(false);
    setFile(null);
    setReport(null);
    if (report?.created) onDone();
  };
  const start = async () => {
    if (!file) {
      void message.warning('请选择要导入的Excel文件');
      return;
    }
    setBusy(true);
    try {
      setReport(await dataProvider.importFile(entity, { pageId, fileName: file.name, content: await toBase64(file) }));
    } catch {
      // The request layer already showed the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button icon={actionIcon('UploadOutlined')} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Dialog
        title={label}
        open={open}
        width={720}
        onCancel={close}
        destroyOnHidden
        footer={[
          <Button key="close" onClick={close}>
            关闭
          </Button>,
          <Button key="start" type="primary" loading={busy} disabled={!file} onClick={() => void start()}>
            开始导入
          </Button>,
        ]}
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          <Alert
            type="info"
            showIcon
            message="请按模板填写，第一行为列名（带*的为必填），每行一条记录；仅支持.xlsx文件。"
          />
          <Space>
            <Button onClick={() => void dataProvider.importTemplate(entity, pageId)}>下载导入模板</Button>
            <Upload
              accept=".xlsx"
              maxCount={1}
              fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
              beforeUpload={(f) => {
                if (!/\.xlsx$/i.test(f.name)) {
                  void message.error('上传文件不符合格式要求，请重新上传');
                  return Upload.LIST_IGNORE;
                }
                if (f.size > IMPORT_MAX_BYTES) {
                  void message.error('文件不能超过6MB');
                  return Upload.LIST_IGNORE;
                }
                setFile(f);
                setReport(null);
                return false;
              }}
              onRemove={() => {
                setFile(null);
                setReport(null);
              }}
            >
              <Button icon={actionIcon('UploadOutlined')}>选择文件</Button>
            </Upload>
          </Space>
          {report ? (
            <>
              <Alert
                type={report.rejected.length ? 'warning' : 'success'}
                showIcon
                data-testid="import-summary"
                message={`共${report.total}行，成功导入${report.created}行，失败${report.rejected.length}行`}
              />
              {report.rejected.length ? (
                <Table
                  size="small"
                  rowKey="row"
                  pagination={{ pageSize: 10, showTotal: (t) => `共${t}条记录` }}
                  dataSource={report.rejected}
                  columns={[
                    { title: '行号', dataIndex: 'row', width: 70 },
                    { title: '名称', dataIndex: 'title', width: 200, ellipsis: true },
                    { title: '失败原因', dataIndex: 'reasons', render: (r: string[]) => r.join('；') },
                  ]}
                />
              ) : null}
            </>
          ) : null}
        </Space>
      </Dialog>
    </>
  );
}
