import { useId } from 'react';
import { formatMoney } from '@taquilla/shared';
import { pagoMessages } from '@taquilla/shared/messages/pagos';
import type { PlanMsi } from '@taquilla/shared/schemas/pagos';
import type { TipoNueva } from '../hooks/use-card-type';

/** A meses sin intereses plan for the total now shown: the monthly amount rounded up, the same total. */
export interface PlanShown {
  meses: PlanMsi['meses'];
  mensualidad: number;
  total: number;
}

/** Why no plan is shown yet, or at all, while the event offers meses sin intereses. */
function planNote(tipo: TipoNueva | null): string {
  if (tipo === 'pendiente') return 'Verificando tu tarjeta…';
  if (tipo === 'debit') return 'Las tarjetas de débito pagan de contado; los meses sin intereses son con tarjetas de crédito de bancos participantes.';
  if (tipo === 'desconocido') return 'No pudimos verificar si tu tarjeta admite meses sin intereses; puedes pagar de contado.';
  return 'Los meses sin intereses aparecen al completar los datos de una tarjeta de crédito.';
}

/**
 * For an event with meses sin intereses: the plans once the card is known to be a credit card
 * (`plans`), else why there are none (`tipo`: the card's type as far as it is known).
 */
export function MsiPlanPicker({
  plans,
  tipo,
  meses,
  disabled,
  onChange,
}: {
  plans: PlanShown[];
  tipo: TipoNueva | null;
  meses: PlanMsi['meses'] | null;
  disabled: boolean;
  onChange: (meses: PlanMsi['meses'] | null) => void;
}) {
  const uid = useId();
  if (plans.length === 0) {
    return (
      <p className="checkout__hint" role="status">
        {planNote(tipo)}
      </p>
    );
  }
  return (
    <div className="checkout__field">
      <label htmlFor={`${uid}-meses`}>Meses sin intereses</label>
      <select
        id={`${uid}-meses`}
        aria-describedby={`${uid}-meses-nota`}
        value={meses ?? ''}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value ? (Number(e.target.value) as PlanMsi['meses']) : null)}
      >
        <option value="">{pagoMessages.MSI_CONTADO}</option>
        {plans.map((p) => (
          <option key={p.meses} value={p.meses}>
            {`${p.meses} meses sin intereses de ${formatMoney(p.mensualidad)} (total ${formatMoney(p.total)})`}
          </option>
        ))}
      </select>
      <p id={`${uid}-meses-nota`} className="checkout__hint">
        Con tarjetas de crédito de bancos participantes; las tarjetas de débito pagan de contado.
      </p>
    </div>
  );
}
