import { Checkbox, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { MESSAGES } from '../../shared/envelope.js';
import { notify } from '../api/notifier.js';
import { LOGIN_MESSAGES, switchSubSystem } from './auth.js';
import { PickDialog } from './PickDialog.js';
import type { SubSystemInfo } from './platformApi.js';

/** Sub-system dialog width (SPEC §9). */
export const SUB_SYSTEM_DIALOG_WIDTH = 580;

/**
 * Sub-system switch (SPEC §4): saves the chosen one as current (optionally as default), reloads
 * the sub-system list and the user, then goes to or reloads home.
 */
export function SubSystemSwitchDialog(props: {
  open: boolean;
  subSystems: SubSystemInfo[];
  current?: SubSystemInfo;
  onClose(): void;
  onSwitched(): Promise<void> | void;
}) {
  const [asDefault, setAsDefault] = useState(false);
  const { open, current } = props;
  useEffect(() => {
    if (open) setAsDefault(current?.defaultFlag === 1);
  }, [open, current]);

  const options = props.subSystems.map((s) => ({
    value: s.id,
    label: (
      <>
        <span className="shell-subsystem-name">{s.systemName}</span>
        {s.organize && (
          <Typography.Text type="secondary" className="shell-subsystem-org">
            {s.organize}
          </Typography.Text>
        )}
        {s.defaultFlag === 1 && (
          <Typography.Text type="success" className="shell-subsystem-flag">
            （默认）
          </Typography.Text>
        )}
      </>
    ),
  }));
  return (
    <PickDialog
      title="切换子系统"
      width={SUB_SYSTEM_DIALOG_WIDTH}
      className="shell-subsystem-dialog"
      listClassName="shell-subsystem-list"
      open={open}
      options={options}
      current={current?.id}
      unchosen={LOGIN_MESSAGES.selectSubSystem}
      onClose={props.onClose}
      // The box tells whether the chosen one is (or is to become) the default.
      onChoose={(id) => setAsDefault(props.subSystems.find((s) => s.id === id)?.defaultFlag === 1)}
      pick={async (id) => {
        await switchSubSystem(id, asDefault);
        notify.success(MESSAGES.success);
        await props.onSwitched();
      }}
    >
      <div className="shell-subsystem-default">
        <Checkbox checked={asDefault} onChange={(e) => setAsDefault(e.target.checked)}>
          设为默认子系统
        </Checkbox>
      </div>
    </PickDialog>
  );
}
