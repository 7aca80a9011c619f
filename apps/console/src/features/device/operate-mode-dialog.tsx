import { OPERATE_MODES, type OperateMode } from '@farola/protocol';
import { Radio, RadioGroup } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { OPERATE_MODE_KEYS } from '@/lib/devices/operate-modes';

interface OperateModeDialogProps {
  current: OperateMode | undefined;
  onSubmit: (mode: OperateMode) => void;
  onCancel: () => void;
}

/** 'Change operate mode': the six codes of spec §4, each with its supply and light. */
export function OperateModeDialog({ current, onSubmit, onCancel }: OperateModeDialogProps) {
  const { t } = useTranslation('device-detail');
  const { t: tDevice } = useTranslation('device');
  const [mode, setMode] = useState<OperateMode | undefined>(current);
  return (
    <ConfirmDialog
      open
      title={tDevice('commandName.setOperateMode')}
      message={t('operateModeDialog.message')}
      confirmLabel={t('operateModeDialog.submit')}
      onCancel={onCancel}
      onConfirm={() => mode && mode !== current && onSubmit(mode)}
    >
      <RadioGroup
        aria-label={tDevice('device-detail:attribute.operateMode')}
        value={mode ?? ''}
        onChange={(_event, data) => setMode(data.value as OperateMode)}
      >
        {OPERATE_MODES.map((code) => (
          <Radio
            key={code}
            value={code}
            data-testid={`operate-mode-${code}`}
            label={`${code} — ${t(OPERATE_MODE_KEYS[code])}${code === current ? ` (${t('operateModeDialog.current')})` : ''}`}
          />
        ))}
      </RadioGroup>
    </ConfirmDialog>
  );
}
