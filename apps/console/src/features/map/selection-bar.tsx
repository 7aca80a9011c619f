import { Button, Caption1Strong, makeStyles, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useAtom } from 'jotai';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { mapSelectionAtom } from './selection';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow16,
  },
});

/** The selection's count, 'Clear selection', and the bulk actions the page was given. Hidden when nothing is selected. */
export function SelectionBar({ className, actions }: { className?: string; actions?: ReactNode }) {
  const styles = useStyles();
  const { t } = useTranslation('map');
  const [selection, setSelection] = useAtom(mapSelectionAtom);
  if (selection.length === 0) return null;
  return (
    <div className={className}>
      <div className={styles.root} role="region" aria-label={t('selection.label')} data-testid="selection-bar">
        <Caption1Strong data-testid="selection-count">
          {t('selection.count', { count: selection.length })}
        </Caption1Strong>
        {actions}
        <Button appearance="subtle" icon={<DismissRegular />} onClick={() => setSelection([])}>
          {t('selection.clear')}
        </Button>
      </div>
    </div>
  );
}
