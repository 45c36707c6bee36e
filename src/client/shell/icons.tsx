import type { ComponentType } from 'react';
import {
  AuditOutlined,
  FileTextOutlined,
  HomeOutlined,
  NotificationOutlined,
  ProjectOutlined,
  QuestionCircleOutlined,
  SettingOutlined,
  TeamOutlined,
  TrophyOutlined,
  AppstoreOutlined,
  CalendarOutlined,
  DownloadOutlined,
  BookOutlined,
} from '@ant-design/icons';

/**
 * Icons a menu node may name. Only these are bundled (the whole icon set would weigh megabytes);
 * an unknown name shows no icon.
 */
const ICONS: Record<string, ComponentType> = {
  AuditOutlined,
  FileTextOutlined,
  HomeOutlined,
  NotificationOutlined,
  ProjectOutlined,
  QuestionCircleOutlined,
  SettingOutlined,
  TeamOutlined,
  TrophyOutlined,
  AppstoreOutlined,
  CalendarOutlined,
  DownloadOutlined,
  BookOutlined,
};

export function MenuIcon({ name }: { name?: string }) {
  const Icon = name ? ICONS[name] : undefined;
  return Icon ? <Icon /> : null;
}
