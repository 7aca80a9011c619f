import { useTranslation } from 'react-i18next';
import { LaterVersionScreen } from '@/components/later-version-screen';

// Spec §2 update downloads and their summaries, which arrive in a later version.

export function UpdateDownloadsPage() {
  const { t } = useTranslation('updates');
  return <LaterVersionScreen title={t('downloads.title')} />;
}

export function DownloadsSummaryPage() {
  const { t } = useTranslation('updates');
  return <LaterVersionScreen title={t('downloadsSummary.title')} />;
}

export function UpdatesSummaryPage() {
  const { t } = useTranslation('updates');
  return <LaterVersionScreen title={t('updatesSummary.title')} />;
}
