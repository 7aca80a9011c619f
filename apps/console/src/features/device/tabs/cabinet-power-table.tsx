import { ACTION_ROLES, type Device, type ReportedCabinetConfiguration } from '@farola/protocol';
import {
  Button,
  Caption1,
  Field,
  Input,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldRuleMessage } from '@/lib/api/error-message';
import { useSignedInUser } from '@/lib/auth/user-context';
import { commandBlock } from '../device-commands';
import type { ParameterProblem } from '../configuration-form';
import { checkPowerTable, nextDraftRow, toDraftRows, type PowerTableDraftRow } from '../power-table-form';
import { useCommands } from '../use-commands';
import { useCabinetPowerTableStyles } from './cabinet-power-table.styles';
import { useParametersTabStyles } from './parameters-tab.styles';

/** Most rows a power table holds (one per dimming level, 0–100 %). */
const MAX_ROWS = 101;

/**
 * A cabinet's power table (spec §3 configuration, 'power table'): the power its load draws at each
 * dimming level, edited row by row and sent like the Parameters tab as one `setConfiguration`.
 */
export function CabinetPowerTable({ device, reported }: { device: Device; reported: ReportedCabinetConfiguration }) {
  const { t } = useTranslation('device-detail');
  const { t: tErrors } = useTranslation('errors');
  const styles = useParametersTabStyles();
  const cellStyles = useCabinetPowerTableStyles();
  const { send, isSending } = useCommands(device);
  const mayCommand = useSignedInUser().hasAnyRole(ACTION_ROLES.commandDevices);
  const blockKey = device.disabled ? 'errors:DEVICE_DISABLED' : commandBlock(device, 'setConfiguration', mayCommand);
  const [drafts, setDrafts] = useState<PowerTableDraftRow[] | null>(null);
  const rows = drafts ?? toDraftRows(reported);
  const check = checkPowerTable(reported, rows);
  const edit = (index: number, column: keyof PowerTableDraftRow, value: string) =>
    setDrafts(rows.map((row, i) => (i === index ? { ...row, [column]: value } : row)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!check.patch || blockKey) return;
    // Once queued, the form follows what the cabinet reports again.
    if (await send({ command: 'setConfiguration', params: { parameters: check.patch } })) setDrafts(null);
  };
  const problemText = (problem: ParameterProblem) => fieldRuleMessage(tErrors, problem.rule, problem.limit);

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} data-testid="power-table-form" noValidate>
      <fieldset className={styles.form} disabled={blockKey !== null}>
        <legend className={styles.legend}>{t('powerTable.cabinetTitle')}</legend>
        {rows.length === 0 && <Caption1>{t('powerTable.noRows')}</Caption1>}
        {rows.length > 0 && (
          <Table size="small" aria-label={t('tab.powerTable')} data-testid="power-table">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('powerTable.level')}</TableHeaderCell>
                <TableHeaderCell>{t('powerTable.powerWatts')}</TableHeaderCell>
                <TableHeaderCell>{t('powerTable.actions')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row, index) => (
                // Rows have no identity of their own: their position is what the table means.
                <TableRow key={index} data-testid={`power-row-${index}`}>
                  {(['level', 'watts'] as const).map((column) => {
                    const problem = check.rows[index]?.[column];
                    return (
                      <TableCell key={column}>
                        <Field
                          validationState={problem ? 'error' : 'none'}
                          validationMessage={problem ? problemText(problem) : null}
                        >
                          <Input
                            className={cellStyles.input}
                            input={{ className: cellStyles.native }}
                            size="small"
                            type="number"
                            aria-label={t(column === 'level' ? 'powerTable.levelOf' : 'powerTable.wattsOf', {
                              row: index + 1,
                            })}
                            data-testid={`power-${column}-${index}`}
                            value={row[column]}
                            onChange={(_event, data) => edit(index, column, data.value)}
                          />
                        </Field>
                      </TableCell>
                    );
                  })}
                  <TableCell>
                    <Button
                      appearance="subtle"
                      icon={<DeleteRegular />}
                      aria-label={t('powerTable.remove', { row: index + 1 })}
                      onClick={() => setDrafts(rows.filter((_row, i) => i !== index))}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {check.table && (
          <Caption1 role="alert" data-testid="power-table-problem">
            {check.table.rule === 'invalid' ? t('powerTable.increasing') : problemText(check.table)}
          </Caption1>
        )}
        <div className={styles.actions}>
          <Button
            icon={<AddRegular />}
            disabled={rows.length >= MAX_ROWS}
            onClick={() => setDrafts([...rows, nextDraftRow(rows)])}
          >
            {t('powerTable.add')}
          </Button>
          <Button
            type="submit"
            appearance="primary"
            data-testid="power-table-save"
            disabled={check.patch === null || isSending || blockKey !== null}
          >
            {t('powerTable.save')}
          </Button>
          {blockKey && <Caption1>{t(blockKey)}</Caption1>}
        </div>
      </fieldset>
    </form>
  );
}
