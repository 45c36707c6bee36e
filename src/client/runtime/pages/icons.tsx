import {
  CheckOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  EyeOutlined,
  ExportOutlined,
  PlusOutlined,
  RollbackOutlined,
  SendOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

// A fixed set keeps the bundle small (importing every icon by name would pull in thousands).
const ICONS: Record<string, ReactNode> = {
  PlusOutlined: <PlusOutlined />,
  EditOutlined: <EditOutlined />,
  DeleteOutlined: <DeleteOutlined />,
  EyeOutlined: <EyeOutlined />,
  ExportOutlined: <ExportOutlined />,
  DownloadOutlined: <DownloadOutlined />,
  UploadOutlined: <UploadOutlined />,
  SendOutlined: <SendOutlined />,
  RollbackOutlined: <RollbackOutlined />,
  CheckOutlined: <CheckOutlined />,
};

export function actionIcon(name: string | undefined): ReactNode {
  return name ? (ICONS[name] ?? null) : null;
}
