import { makeStyles, Title2, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { ControlPrograms } from './control-programs';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalXXL}`,
  },
});

/**
 * Scheduling (spec §2 `scheduling`): the control programs of a project, each with its dimming
 * curve. Calendars, groups and applying them to devices are served by the API and come to this
 * screen next (docs/api.md, Scheduling).
 */
export function SchedulingPage() {
  const { t } = useTranslation('scheduling');
  const styles = useStyles();
  return (
    <div className={styles.root}>
      <Title2 as="h1">{t('page.title')}</Title2>
      <ControlPrograms />
    </div>
  );
}
