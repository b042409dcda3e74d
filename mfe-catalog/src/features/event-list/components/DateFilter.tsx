import { DATE_FILTER_LABELS, DATE_FILTERS, type DateFilter as DateFilterValue } from '../lib/date-filter';

interface Props {
  value: DateFilterValue;
  onChange: (value: DateFilterValue) => void;
}

/** One pressed button per date range; a toolbar of toggle buttons is simple to reach by keyboard. */
export function DateFilter({ value, onChange }: Props) {
  return (
    <div className="chips" role="group" aria-label="Filtrar por fecha">
      {DATE_FILTERS.map((filter) => (
        <button key={filter} type="button" className="chip" aria-pressed={value === filter} onClick={() => onChange(filter)}>
          {DATE_FILTER_LABELS[filter]}
        </button>
      ))}
    </div>
  );
}
