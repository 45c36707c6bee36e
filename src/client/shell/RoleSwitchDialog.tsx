import type { UserInfo } from '../api/session.js';
import { LOGIN_MESSAGES, switchRole } from './auth.js';
import { PickDialog } from './PickDialog.js';

/** Role dialog width (SPEC §9). */
export const ROLE_DIALOG_WIDTH = 325;

/** Role switch (SPEC §4): reloads the user as the chosen role, then goes to or reloads home. */
export function RoleSwitchDialog(props: { open: boolean; user: UserInfo; onClose(): void }) {
  const active = props.user.roleList?.find((r) => r.roleCode === props.user.roleCode)?.engName;
  return (
    <PickDialog
      title="切换角色"
      width={ROLE_DIALOG_WIDTH}
      className="shell-role-dialog"
      open={props.open}
      options={(props.user.roleList ?? []).map((r) => ({ value: r.engName, label: r.roleName }))}
      current={active}
      unchosen={LOGIN_MESSAGES.selectRole}
      onClose={props.onClose}
      pick={switchRole}
    />
  );
}
