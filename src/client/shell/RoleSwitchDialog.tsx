import { Radio, Space } from 'antd';
import { Dialog } from '../feedback/Dialog.js';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { guardConfirm } from '../../shared/clickGuard.js';
import { notify } from '../api/notifier.js';
import type { UserInfo } from '../api/session.js';
import { LOGIN_MESSAGES, switchRole } from './auth.js';
import { goOrReloadHome } from './goHome.js';

/** Role dialog width (SPEC §9). */
export const ROLE_DIALOG_WIDTH = 325;

/** Role switch (SPEC §4): reloads the user as the chosen role, then goes to or reloads home. */
export function RoleSwitchDialog(props: { open: boolean; user: UserInfo; onClose(): void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [engName, setEngName] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const active = props.user.roleList?.find((r) => r.roleCode === props.user.roleCode)?.engName;

  useEffect(() => {
    if (props.open) setEngName(active);
  }, [props.open, active]);

  const confirm = useMemo(
    () =>
      guardConfirm(async (chosen: string | undefined) => {
        if (!chosen) {
          notify.warning(LOGIN_MESSAGES.selectRole);
          return;
        }
        setBusy(true);
        try {
          await switchRole(chosen);
          props.onClose();
          goOrReloadHome(navigate, location.pathname);
        } catch {
          /* the request layer showed why */
        } finally {
          setBusy(false);
        }
      }),
    [navigate, location.pathname, props],
  );

  return (
    <Dialog
      title="切换角色"
      open={props.open}
      width={ROLE_DIALOG_WIDTH}
      onCancel={props.onClose}
      onOk={() => confirm(engName)}
      okText="确定"
      cancelText="取消"
      confirmLoading={busy}
      destroyOnHidden
      className="shell-role-dialog"
    >
      <Radio.Group value={engName} onChange={(e) => setEngName(e.target.value)}>
        <Space direction="vertical">
          {(props.user.roleList ?? []).map((r) => (
            <Radio key={r.engName} value={r.engName}>
              {r.roleName}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
    </Dialog>
  );
}
