import { Checkbox, Radio, Space, Typography } from 'antd';
import { Dialog } from '../feedback/Dialog.js';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { guardConfirm } from '../../shared/clickGuard.js';
import { MESSAGES } from '../../shared/envelope.js';
import { notify } from '../api/notifier.js';
import { LOGIN_MESSAGES, switchSubSystem } from './auth.js';
import { goOrReloadHome } from './goHome.js';
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
  const navigate = useNavigate();
  const location = useLocation();
  const [chosen, setChosen] = useState<number | undefined>();
  const [asDefault, setAsDefault] = useState(false);
  const [busy, setBusy] = useState(false);

  const { open, current } = props;
  useEffect(() => {
    if (open) setChosen(current?.id);
  }, [open, current]);
  // The box tells whether the chosen one is (or is to become) the default.
  const choose = (id: number) => {
    setChosen(id);
    setAsDefault(props.subSystems.find((s) => s.id === id)?.defaultFlag === 1);
  };
  useEffect(() => {
    if (open) setAsDefault(current?.defaultFlag === 1);
  }, [open, current]);

  const confirm = useMemo(
    () =>
      guardConfirm(async (id: number | undefined, setDefault: boolean) => {
        if (id === undefined) {
          notify.warning(LOGIN_MESSAGES.selectSubSystem);
          return;
        }
        setBusy(true);
        try {
          await switchSubSystem(id, setDefault);
          notify.success(MESSAGES.success);
          await props.onSwitched();
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
      title="切换子系统"
      open={props.open}
      width={SUB_SYSTEM_DIALOG_WIDTH}
      onCancel={props.onClose}
      onOk={() => confirm(chosen, asDefault)}
      okText="确定"
      cancelText="取消"
      confirmLoading={busy}
      destroyOnHidden
      className="shell-subsystem-dialog"
    >
      <Radio.Group value={chosen} onChange={(e) => choose(e.target.value)} className="shell-subsystem-list">
        <Space direction="vertical" style={{ width: '100%' }}>
          {props.subSystems.map((s) => (
            <Radio key={s.id} value={s.id}>
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
            </Radio>
          ))}
        </Space>
      </Radio.Group>
      <div className="shell-subsystem-default">
        <Checkbox checked={asDefault} onChange={(e) => setAsDefault(e.target.checked)}>
          设为默认子系统
        </Checkbox>
      </div>
    </Dialog>
  );
}
