import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components';
import { WarningRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CancelButton } from './cancel-button';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** Defaults to the translated 'Cancel'. */
  cancelLabel?: string;
  /** Marks a confirmation that cannot be undone with a warning icon on its confirm button. */
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Extra content (e.g. form fields) shown under the message. */
  children?: ReactNode;
}

/** A modal question with a confirm and a (red) cancel button; Escape and the backdrop count as cancel. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, message, confirmLabel, cancelLabel, destructive = false, onConfirm, onCancel, children } = props;
  const { t } = useTranslation('common');
  // Closed, it is not there at all: a mounted Dialog starts Fluent's modal focus handling, which
  // wraps the whole page in focusable, aria-hidden focus sentinels (axe: aria-hidden-focus).
  if (!open) return null;
  return (
    <Dialog open modalType="alert" onOpenChange={(_event, data) => !data.open && onCancel()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>
            {message}
            {children}
          </DialogContent>
          <DialogActions>
            <CancelButton onClick={onCancel}>{cancelLabel ?? t('action.cancel')}</CancelButton>
            <Button appearance="primary" icon={destructive ? <WarningRegular /> : null} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
