import type { DevicePhoto } from '@farola/protocol';
import { Body1Strong, Button, Caption1, Spinner } from '@fluentui/react-components';
import { DeleteRegular, EditRegular, ImageOffRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format/format-value';
import { usePhotoUrl } from '../use-photo-url';
import { usePhotoCardStyles } from './photography-tab.styles';

export interface PhotoCardProps {
  photo: DevicePhoto;
  /** Present for those who may change photographs. */
  onEditCaption?: () => void;
  onDelete?: () => void;
}

/** One photograph: its thumbnail (a link to the full image), caption, who uploaded it and when. */
export function PhotoCard({ photo, onEditCaption, onDelete }: PhotoCardProps) {
  const { t, i18n } = useTranslation('device-detail');
  const styles = usePhotoCardStyles();
  const { url, failed } = usePhotoUrl(photo.id);
  const label = photo.caption ?? photo.filename;
  return (
    <li className={styles.card} data-testid={`photo-${photo.id}`}>
      <figure className={styles.figure}>
        {url ? (
          <a className={styles.link} href={url} target="_blank" rel="noopener noreferrer" title={t('photos.open')}>
            <img className={styles.image} src={url} alt={label} />
          </a>
        ) : (
          <div className={styles.frame}>
            {failed ? (
              <ImageOffRegular fontSize={32} aria-label={t('photos.imageFailed')} role="img" />
            ) : (
              <Spinner size="tiny" aria-label={t('photos.imageLoading')} />
            )}
          </div>
        )}
        <figcaption className={styles.caption}>
          <Body1Strong>{label}</Body1Strong>
          <Caption1 className={styles.meta}>
            {t('photos.by', { user: photo.uploadedBy, date: formatDateTime(photo.uploadedAt, i18n.language) })}
          </Caption1>
        </figcaption>
      </figure>
      {(onEditCaption || onDelete) && (
        <div className={styles.actions}>
          {onEditCaption && (
            <Button
              appearance="subtle"
              icon={<EditRegular />}
              aria-label={t('photos.editCaptionOf', { name: label })}
              title={t('photos.editCaption')}
              onClick={onEditCaption}
            />
          )}
          {onDelete && (
            <Button
              appearance="subtle"
              icon={<DeleteRegular />}
              aria-label={t('photos.deleteOf', { name: label })}
              title={t('photos.delete')}
              onClick={onDelete}
            />
          )}
        </div>
      )}
    </li>
  );
}
