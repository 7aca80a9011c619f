import { Body1, Button, Title1 } from '@fluentui/react-components';
import { MapRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { paths } from '@/lib/paths';
import { useHomePageStyles } from './home-page.styles';

/** The landing screen: a short welcome and the way into the map, where the live fleet is. */
export function HomePage() {
  const styles = useHomePageStyles();
  const { t } = useTranslation('home');
  const [, navigate] = useLocation();
  return (
    <section className={styles.root}>
      <Title1 as="h1">{t('page.title')}</Title1>
      <Body1>{t('page.intro')}</Body1>
      <Button appearance="primary" icon={<MapRegular />} onClick={() => navigate(paths.map.build())}>
        {t('page.openMap')}
      </Button>
    </section>
  );
}
