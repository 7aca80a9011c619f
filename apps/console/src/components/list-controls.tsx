import { Input, Label, makeStyles, SearchBox, Select, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  field: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
});

/** A labelled filter control above a list. */
export function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <div className={styles.field}>
      <Label htmlFor={id} size="small">
        {label}
      </Label>
      {children}
    </div>
  );
}

/**
 * A list's search: applied on Enter or on leaving the field (a 100,000-row list is not asked on
 * every key), and cleared at once by the clear button.
 */
export function SearchFilter(props: {
  label: string;
  value: string | undefined;
  onChange: (q: string | undefined) => void;
  className?: string;
}) {
  const { label, value, onChange, className } = props;
  return (
    <SearchBox
      className={className}
      aria-label={label}
      placeholder={label}
      defaultValue={value ?? ''}
      onKeyDown={(event) => event.key === 'Enter' && onChange(event.currentTarget.value.trim() || undefined)}
      onBlur={(event) => {
        const q = event.currentTarget.value.trim() || undefined;
        if (q !== value) onChange(q);
      }}
      onChange={(_event, data) => data.value === '' && value !== undefined && onChange(undefined)}
    />
  );
}

/** A quick filter: a select whose first option (`allLabel`) leaves the filter off. */
export function SelectFilter(props: {
  id: string;
  label: string;
  allLabel: string;
  value: string | undefined;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string | undefined) => void;
}) {
  return (
    <FilterField id={props.id} label={props.label}>
      <Select
        id={props.id}
        size="small"
        value={props.value ?? ''}
        onChange={(_event, data) => props.onChange(data.value === '' ? undefined : data.value)}
      >
        <option value="">{props.allLabel}</option>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </FilterField>
  );
}

/** One end of a date range filter (`YYYY-MM-DD`; empty leaves it off). */
export function DateFilter(props: {
  id: string;
  label: string;
  value: string | undefined;
  min?: string | undefined;
  max?: string | undefined;
  onChange: (date: string | undefined) => void;
}) {
  return (
    <FilterField id={props.id} label={props.label}>
      <Input
        id={props.id}
        type="date"
        size="small"
        value={props.value ?? ''}
        min={props.min}
        max={props.max}
        onChange={(_event, data) => props.onChange(data.value || undefined)}
      />
    </FilterField>
  );
}
