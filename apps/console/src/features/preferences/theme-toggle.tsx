import { Button } from '@fluentui/react-components';
import { WeatherMoonRegular, WeatherSunnyRegular } from '@fluentui/react-icons';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { DeferredTooltip } from '@/components/deferred-tooltip';
import { themeModeAtom } from '@/lib/theme/theme-preference';

/** Switches between the dark and light theme; the choice is saved and wins on the next visit. */
export function ThemeToggle() {
  const { t } = useTranslation('preferences');
  const [mode, setMode] = useAtom(themeModeAtom);
  const label = mode === 'dark' ? t('theme.toLight') : t('theme.toDark');
  return (
    <DeferredTooltip content={label} relationship="label">
      <Button
        data-testid="theme-toggle"
        appearance="subtle"
        icon={mode === 'dark' ? <WeatherSunnyRegular /> : <WeatherMoonRegular />}
        onClick={() => setMode(mode === 'dark' ? 'light' : 'dark')}
      />
    </DeferredTooltip>
  );
}
