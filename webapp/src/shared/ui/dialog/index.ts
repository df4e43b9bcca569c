export { Modal, ModalActions, ModalTitle, type ModalProps } from './Modal';
export { DialogProvider, useDialogs, type AlertOptions, type ConfirmOptions, type DialogApi } from './DialogProvider';
