import { Radio, Space } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { guardConfirm } from '../../shared/clickGuard.js';
import { notify } from '../api/notifier.js';
import { Dialog } from '../feedback/Dialog.js';
import { goOrReloadHome } from './goHome.js';

export interface PickDialogProps<V> {
  title: string;
  width: number;
  className: string;
  listClassName?: string;
  open: boolean;
  options: { value: V; label: ReactNode }[];
  /** The option chosen as the dialog opens (the current one). */
  current: V | undefined;
  /** Said when 确定 is pressed with nothing chosen. */
  unchosen: string;
  onClose(): void;
  /** Switches to the chosen one (the request layer says why it fails); then home is opened or reloaded. */
  pick(value: V): Promise<unknown>;
  /** Told of each choice (the sub-system's default box follows it). */
  onChoose?(value: V): void;
  /** Below the options. */
  children?: ReactNode;
}

/** One of a list to switch to (SPEC §4: a role, a sub-system): a radio list, 确定 switches, then home. */
export function PickDialog<V extends string | number>(props: PickDialogProps<V>) {
  const navigate = useNavigate();
  const location = useLocation();
  const [chosen, setChosen] = useState<V | undefined>();
  const [busy, setBusy] = useState(false);
  const { open, current } = props;
  useEffect(() => {
    if (open) setChosen(current);
  }, [open, current]);

  const confirm = useMemo(
    () =>
      guardConfirm(async (value: V | undefined) => {
        if (value === undefined) {
          notify.warning(props.unchosen);
          return;
        }
        setBusy(true);
        try {
          await props.pick(value);
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
      title={props.title}
      open={props.open}
      width={props.width}
      onCancel={props.onClose}
      onOk={() => confirm(chosen)}
      okText="确定"
      cancelText="取消"
      confirmLoading={busy}
      destroyOnHidden
      className={props.className}
    >
      <Radio.Group
        value={chosen}
        onChange={(e) => {
          setChosen(e.target.value as V);
          props.onChoose?.(e.target.value as V);
        }}
        className={props.listClassName}
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          {props.options.map((o) => (
            <Radio key={o.value} value={o.value}>
              {o.label}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
      {props.children}
    </Dialog>
  );
}
