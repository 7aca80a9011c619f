import { ACTION_ROLES, type Device, type DevicePhoto, PHOTO_CONTENT_TYPES } from '@farola/protocol';
import { Button, Caption1, MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { ImageAddRegular } from '@fluentui/react-icons';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListFooter, ListPlaceholder } from '@/components/list-states';
import { useSignedInUser } from '@/lib/auth/user-context';
import { photoFileProblem } from '../photos-api';
import { usePhotos } from '../use-photos';
import { CaptionDialog } from './caption-dialog';
import { PhotoCard } from './photo-card';
import { usePhotographyTabStyles } from './photography-tab.styles';

const PROBLEM_KEYS = { type: 'photos.wrongType', size: 'photos.tooLarge' } as const;

/**
 * The device's photographs (spec §3 Organisation: photography) as a grid of thumbnails, newest
 * first; those who may edit devices upload, caption and delete them.
 */
export function PhotographyTab({ device }: { device: Device }) {
  const { t } = useTranslation('device-detail');
  const styles = usePhotographyTabStyles();
  const mayEdit = useSignedInUser().hasAnyRole(ACTION_ROLES.editDevices);
  const photos = usePhotos(device.id);
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [problem, setProblem] = useState<keyof typeof PROBLEM_KEYS | null>(null);
  const [deleting, setDeleting] = useState<DevicePhoto | null>(null);
  const [captioning, setCaptioning] = useState<DevicePhoto | null>(null);

  const choose = (file: File | undefined) => {
    if (!file) return;
    const found = photoFileProblem(file);
    setProblem(found);
    if (!found) photos.upload.mutate(file);
  };
  const uploading = photos.upload.isPending;
  const uploadButton = (
    <Button
      data-testid="photo-upload"
      appearance="primary"
      icon={uploading ? <Spinner size="tiny" /> : <ImageAddRegular />}
      // Focusable while disabled, described by the reason beside it, so keyboard and screen-reader users hear why.
      disabledFocusable={!mayEdit}
      disabled={uploading}
      aria-describedby={hintId}
      onClick={() => input.current?.click()}
    >
      {uploading ? t('photos.uploading') : t('photos.upload')}
    </Button>
  );

  return (
    <div className={styles.root}>
      <div className={styles.toolbar}>
        {uploadButton}
        <Caption1 id={hintId}>{mayEdit ? t('photos.accepted') : t('photos.notPermitted')}</Caption1>
        <input
          ref={input}
          className={styles.fileInput}
          data-testid="photo-file"
          type="file"
          accept={PHOTO_CONTENT_TYPES.join(',')}
          aria-label={t('photos.upload')}
          disabled={!mayEdit || uploading}
          onChange={(event) => {
            choose(event.target.files?.[0]);
            // The same file may be chosen again after a failure.
            event.target.value = '';
          }}
        />
      </div>
      {problem && (
        <MessageBar intent="error" data-testid="photo-problem">
          <MessageBarBody>{t(PROBLEM_KEYS[problem])}</MessageBarBody>
        </MessageBar>
      )}
      <PhotoGrid
        photos={photos}
        onEditCaption={mayEdit ? setCaptioning : undefined}
        onDelete={mayEdit ? setDeleting : undefined}
      />
      <ConfirmDialog
        open={deleting !== null}
        destructive
        title={t('photos.deleteTitle')}
        message={t('photos.deleteConfirm', { name: deleting?.caption ?? deleting?.filename ?? '' })}
        confirmLabel={t('photos.delete')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) photos.remove.mutate(deleting.id);
          setDeleting(null);
        }}
      />
      {captioning && (
        <CaptionDialog
          caption={captioning.caption ?? ''}
          saving={photos.caption.isPending}
          onCancel={() => setCaptioning(null)}
          onSave={(text) =>
            photos.caption.mutate({ id: captioning.id, text }, { onSuccess: () => setCaptioning(null) })
          }
        />
      )}
    </div>
  );
}

interface PhotoGridProps {
  photos: ReturnType<typeof usePhotos>;
  onEditCaption: ((photo: DevicePhoto) => void) | undefined;
  onDelete: ((photo: DevicePhoto) => void) | undefined;
}

function PhotoGrid({ photos, onEditCaption, onDelete }: PhotoGridProps) {
  const { t } = useTranslation('device-detail');
  const styles = usePhotographyTabStyles();
  const { list } = photos;
  if (list.items.length === 0) {
    return (
      <ListPlaceholder
        state={list}
        texts={{
          loadingLabel: t('photos.loading'),
          emptyTitle: t('photos.empty'),
          emptyDescription: t('photos.emptyHint'),
        }}
      />
    );
  }
  return (
    <>
      <ul className={styles.grid} aria-label={t('tab.photography')}>
        {list.items.map((photo) => (
          <PhotoCard
            key={photo.id}
            photo={photo}
            {...(onEditCaption ? { onEditCaption: () => onEditCaption(photo) } : {})}
            {...(onDelete ? { onDelete: () => onDelete(photo) } : {})}
          />
        ))}
      </ul>
      <ListFooter paging={list} endLabel={t('photos.count', { count: list.total ?? list.items.length })} />
    </>
  );
}
