import { Body1, Button, makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalL,
    color: tokens.colorNeutralForeground1,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
  },
});

/** Whether `error` is the browser's failure to download one of the console's chunks. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  // Chromium, Safari and Firefox word it differently.
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
    message,
  );
}

/**
 * What a part of the console shows when it could not be shown (ErrorBoundary's fallback): why,
 * in the user's language, and a way to try again.
 */
export function LoadFailure({ error }: { error: unknown }) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  return (
    <div className={styles.root} role="alert" data-testid="load-failure">
      <Subtitle2>{t('loadFailure.title')}</Subtitle2>
      <Body1>{isChunkLoadError(error) ? t('loadFailure.chunk') : t('loadFailure.other')}</Body1>
      <Button appearance="primary" onClick={() => window.location.reload()}>
        {t('loadFailure.reload')}
      </Button>
    </div>
  );
}
