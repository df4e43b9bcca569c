import { createContext, useCallback, useContext, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../button/Button';
import { Modal, ModalActions, ModalTitle, modalStyles } from './Modal';

export interface AlertOptions {
  title: string;
  message?: string;
  okText?: string;
}

export interface ConfirmOptions {
  title: string;
  message?: string;
  confirmText?: string;
  cancelText?: string;
  /** Styles the confirm button as destructive and focuses Cancel first. */
  danger?: boolean;
}

export interface DialogApi {
  /** Shows a message with an OK button; resolves when it is closed. */
  alert(options: AlertOptions): Promise<void>;
  /** Asks a question; resolves true on confirm, false on cancel or Escape. */
  confirm(options: ConfirmOptions): Promise<boolean>;
}

type Request =
  | { id: number; kind: 'alert'; options: AlertOptions; resolve: (value: boolean) => void }
  | { id: number; kind: 'confirm'; options: ConfirmOptions; resolve: (value: boolean) => void };

const DialogContext = createContext<DialogApi | null>(null);

function DialogView({ request, onDone }: { request: Request; onDone: (value: boolean) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const okRef = useRef<HTMLButtonElement>(null);
  const { options } = request;
  const danger = request.kind === 'confirm' && request.options.danger;
  return (
    <Modal
      role="alertdialog"
      labelledBy={`${id}-title`}
      describedBy={options.message ? `${id}-message` : undefined}
      onCancel={() => onDone(false)}
      initialFocus={danger ? cancelRef : okRef}
    >
      <ModalTitle id={`${id}-title`}>{options.title}</ModalTitle>
      {options.message && (
        <p id={`${id}-message`} className={modalStyles.message}>
          {options.message}
        </p>
      )}
      <ModalActions>
        {request.kind === 'confirm' ? (
          <>
            <Button ref={cancelRef} variant="secondary" onClick={() => onDone(false)}>
              {request.options.cancelText ?? t('dialog.cancel')}
            </Button>
            <Button ref={okRef} variant={danger ? 'danger' : 'primary'} onClick={() => onDone(true)}>
              {request.options.confirmText ?? t('dialog.confirm')}
            </Button>
          </>
        ) : (
          <Button ref={okRef} onClick={() => onDone(true)}>
            {request.options.okText ?? t('dialog.ok')}
          </Button>
        )}
      </ModalActions>
    </Modal>
  );
}

/** Hosts alert and confirm dialogs, one at a time, in the order they were asked for. */
export function DialogProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Request[]>([]);
  const nextId = useRef(1);

  const enqueue = useCallback((request: Omit<Request, 'id'>) => {
    setQueue((current) => [...current, { ...request, id: nextId.current++ } as Request]);
  }, []);

  const api = useMemo<DialogApi>(
    () => ({
      alert: (options) =>
        new Promise<void>((resolve) => enqueue({ kind: 'alert', options, resolve: () => resolve() })),
      confirm: (options) => new Promise<boolean>((resolve) => enqueue({ kind: 'confirm', options, resolve })),
    }),
    [enqueue],
  );

  const current = queue[0];
  const done = useCallback(
    (value: boolean) => {
      if (!current) return;
      setQueue((items) => items.filter((item) => item.id !== current.id));
      current.resolve(value);
    },
    [current],
  );

  return (
    <DialogContext.Provider value={api}>
      {children}
      {current && <DialogView key={current.id} request={current} onDone={done} />}
    </DialogContext.Provider>
  );
}

/** `const { confirm, alert } = useDialogs(); if (await confirm({ title })) ...` */
export function useDialogs(): DialogApi {
  const api = useContext(DialogContext);
  if (!api) throw new Error('useDialogs must be used inside <DialogProvider>');
  return api;
}
