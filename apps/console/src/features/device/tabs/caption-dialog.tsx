import { PHOTO_CAPTION_MAX_LENGTH } from '@farola/protocol';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
} from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CancelButton } from '@/components/cancel-button';

export interface CaptionDialogProps {
  /** The caption now; the dialog is mounted only while open. */
  caption: string;
  saving: boolean;
  onSave: (caption: string) => void;
  onCancel: () => void;
}

/** Edits a photograph's caption; an empty one removes it. */
export function CaptionDialog({ caption, saving, onSave, onCancel }: CaptionDialogProps) {
  const { t } = useTranslation('device-detail');
  const { t: tCommon } = useTranslation('common');
  const [text, setText] = useState(caption);
  return (
    <Dialog open onOpenChange={(_event, data) => !data.open && onCancel()}>
      <DialogSurface>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onSave(text);
          }}
        >
          <DialogBody>
            <DialogTitle>{t('photos.editCaption')}</DialogTitle>
            <DialogContent>
              <Field label={t('photos.caption')} hint={t('photos.captionHint', { max: PHOTO_CAPTION_MAX_LENGTH })}>
                <Input
                  data-testid="photo-caption"
                  value={text}
                  maxLength={PHOTO_CAPTION_MAX_LENGTH}
                  onChange={(_event, data) => setText(data.value)}
                />
              </Field>
            </DialogContent>
            <DialogActions>
              <CancelButton onClick={onCancel}>{tCommon('action.cancel')}</CancelButton>
              <Button type="submit" appearance="primary" disabled={saving || text === caption}>
                {t('photos.saveCaption')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
