import { Combobox, Option } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useDeviceSearch } from './use-device-search';

/** 'Find in map': type a serial number or name, pick a device to move to it and open its panel. */
export function DeviceSearch({ className }: { className?: string }) {
  const { t } = useTranslation('map');
  const { query, setQuery, matches, pick, isOpen, setOpen } = useDeviceSearch();
  return (
    <Combobox
      data-testid="device-search"
      className={className}
      freeform
      // Fluent would name the icon button 'Open …' in English.
      expandIcon={{ children: <SearchRegular />, 'aria-label': t('search.open') }}
      aria-label={t('search.label')}
      placeholder={t('search.placeholder')}
      value={query}
      open={isOpen}
      onOpenChange={(_event, data) => setOpen(data.open)}
      selectedOptions={[]}
      onInput={(event) => setQuery((event.target as HTMLInputElement).value)}
      onOptionSelect={(_event, data) => pick(data.optionValue)}
    >
      {matches.map((device) => (
        <Option key={device.deviceId} value={device.deviceId} text={device.serialNumber}>
          {`${device.serialNumber} · ${device.name}`}
        </Option>
      ))}
      {query.trim() !== '' && matches.length === 0 && (
        <Option disabled value="" text="">
          {t('search.noMatches')}
        </Option>
      )}
    </Combobox>
  );
}
