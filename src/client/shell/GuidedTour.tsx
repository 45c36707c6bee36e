import { Tour, type TourProps } from 'antd';
import { useCallback, useEffect, useState, type RefObject } from 'react';
import { finishTour } from './auth.js';

/**
 * First-visit guided tour on home: highlights the sub-system switch and the role switch.
 * Finishing saves remindAgain 1 and reloads; closing early (✕ or Escape) calls `onClose`, which
 * keeps it closed for the rest of the session. It leaves the keyboard focus where it is.
 */
export function GuidedTour(props: {
  show: boolean;
  subSystemRef: RefObject<HTMLElement>;
  roleRef: RefObject<HTMLElement>;
  reload?: () => void;
  onClose?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const { onClose } = props;
  const close = useCallback(() => {
    setOpen(false);
    onClose?.();
  }, [onClose]);
  useEffect(() => {
    if (!open) return;
    // antd's tour has no keyboard of its own: Escape closes it as ✕ does.
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, close]);
  useEffect(() => {
    // Wait a frame so the header's targets are laid out before the tour measures them.
    if (!props.show) {
      setOpen(false);
      return;
    }
    const id = requestAnimationFrame(() => setOpen(true));
    return () => cancelAnimationFrame(id);
  }, [props.show]);

  const steps: TourProps['steps'] = [
    {
      title: '切换子系统',
      description: '点击这里可以在各子系统之间切换，并可设置默认进入的子系统。',
      target: () => props.subSystemRef.current!,
      nextButtonProps: { children: '下一步' },
    },
    {
      title: '切换角色',
      description: '拥有多个角色时，点击这里切换当前角色，菜单随角色变化。',
      target: () => props.roleRef.current!,
      prevButtonProps: { children: '上一步' },
      nextButtonProps: { children: '我知道了' },
    },
  ];

  return (
    <Tour
      open={open}
      steps={steps}
      onClose={close}
      onFinish={async () => {
        setOpen(false);
        try {
          await finishTour();
        } finally {
          (props.reload ?? (() => window.location.reload()))();
        }
      }}
      rootClassName="shell-tour"
      // The targets touch the top of the window: no vertical gap, so the mask keeps a valid size.
      gap={{ offset: [6, 0], radius: 4 }}
    />
  );
}
