import { Body1, Caption1 } from '@fluentui/react-components';
import { useFieldListStyles } from './field-list.styles';

export interface FieldRow {
  key: string;
  label: string;
  value: string;
  testId?: string;
}

/** Label/value pairs as a description list. */
export function FieldList({ rows }: { rows: readonly FieldRow[] }) {
  const styles = useFieldListStyles();
  return (
    <dl className={styles.root}>
      {rows.map((row) => (
        <div key={row.key} className={styles.row} data-testid={row.testId}>
          <dt className={styles.term}>
            <Caption1>{row.label}</Caption1>
          </dt>
          <dd className={styles.value}>
            <Body1>{row.value}</Body1>
          </dd>
        </div>
      ))}
    </dl>
  );
}
