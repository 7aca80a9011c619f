import { Link, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useSelectAllLineStyles } from './select-all-line.styles';
import type { SelectionLine } from './use-list-selection';

interface SelectAllLineProps {
  line: SelectionLine;
  /** Whether every matching device is being asked for. */
  selecting: boolean;
  onSelectMatching: () => void;
  onClear: () => void;
}

/**
 * The line above an inventory list once every loaded row is ticked while more devices match:
 * it offers to select every device that matches the filters, then says so with 'Clear selection'.
 * It sits in a polite live region, so a screen reader hears each change.
 */
export function SelectAllLine({ line, selecting, onSelectMatching, onClear }: SelectAllLineProps) {
  const { t } = useTranslation('inventory');
  const styles = useSelectAllLineStyles();
  return (
    <div role="status" aria-live="polite" className={styles.region}>
      {line.kind !== 'none' && (
        <MessageBar intent="info" layout="multiline" data-testid="selection-line">
          <MessageBarBody className={styles.body}>
            {line.kind === 'loaded' ? (
              <>
                <span>{t('selection.allLoaded', { count: line.loaded })}</span>
                <Link as="button" disabled={selecting} onClick={onSelectMatching}>
                  {selecting ? t('selection.selecting') : t('selection.selectMatching', { count: line.total })}
                </Link>
              </>
            ) : (
              <>
                <span>{t('selection.allMatching', { count: line.total })}</span>
                {line.truncated && <span>{t('selection.truncated', { count: line.acting })}</span>}
                <Link as="button" onClick={onClear}>
                  {t('selection.clear')}
                </Link>
              </>
            )}
          </MessageBarBody>
        </MessageBar>
      )}
    </div>
  );
}
