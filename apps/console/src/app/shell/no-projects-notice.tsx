import { Body1, Body1Strong, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/lib/api/me';
import { useSignedInUser } from '@/lib/auth/user-context';

const useStyles = makeStyles({
  notice: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorPaletteYellowBackground1,
    color: tokens.colorNeutralForeground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorPaletteYellowBorder1}`,
  },
});

/**
 * Tells a signed-in user who holds no permission on any project why every screen is empty
 * (spec §6 'This user has no permissions on any project'). Admins see every project; the demo
 * user is one. It goes away as soon as a permission is granted (the socket's `access` refreshes `me`).
 */
export function NoProjectsNotice() {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const user = useSignedInUser();
  const { data: me } = useMe({ enabled: !user.isAdmin() });
  if (user.isAdmin() || !me || me.projectIds.length > 0) return null;
  return (
    <div role="status" className={styles.notice} data-testid="no-projects-notice">
      <Body1Strong>{t('access.noProjects')}</Body1Strong>
      <Body1>{t('access.noProjectsHint')}</Body1>
    </div>
  );
}
