import type { PurchasesView } from '../lib/view-params';

const VIEWS: { id: PurchasesView; label: string; icon: string }[] = [
  { id: 'lista', label: 'Lista', icon: '☰' },
  { id: 'cuadricula', label: 'Cuadrícula', icon: '▦' },
];

/** List or grid; pressed state tells which one is on. */
export function ViewToggle({ vista, onChange }: { vista: PurchasesView; onChange: (vista: PurchasesView) => void }) {
  return (
    <div className="view-toggle" role="group" aria-label="Vista">
      {VIEWS.map((v) => (
        <button key={v.id} type="button" className="view-toggle__button" aria-pressed={vista === v.id} onClick={() => onChange(v.id)}>
          <span aria-hidden="true">{v.icon} </span>
          {v.label}
        </button>
      ))}
    </div>
  );
}
