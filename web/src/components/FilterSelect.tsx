import { useId } from 'react';

export interface Option<V extends string> {
  value: V;
  label: string;
}

interface Props<V extends string> {
  label: string;
  /** The current choice: one of the options' values, or 'all'. */
  value: string;
  /** What the 'all' choice reads. */
  allLabel: string;
  options: readonly Option<V>[];
  onChange: (value: V | 'all') => void;
  className: string;
}

/** A labelled select of 'all' plus the given options; it only ever reports a value it offered. */
export function FilterSelect<V extends string>({ label, value, allLabel, options, onChange, className }: Props<V>) {
  const id = useId();
  const pick = (raw: string) => onChange(options.find((o) => o.value === raw)?.value ?? 'all');
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => pick(e.target.value)}>
        <option value="all">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
