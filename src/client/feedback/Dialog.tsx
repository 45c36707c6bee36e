import { Modal, type ModalProps } from 'antd';

/** SPEC §9: a dialog is 600 px wide unless it says otherwise (login 320, role 325, sub-system 580). */
export const DIALOG_WIDTH = 600;

/** Every dialog of the app: antd's Modal with the product's default width. */
export function Dialog({ width = DIALOG_WIDTH, ...props }: ModalProps) {
  return <Modal width={width} {...props} />;
}
