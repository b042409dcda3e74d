import { useId, useState } from 'react';
import type { TarjetaGuardada } from '@taquilla/shared/schemas/cuenta';
import { cardName } from '@taquilla/shared/cards';
import { cuentaMessages } from '@taquilla/shared/messages/cuenta';
import { ModalDialog } from '../../reservation/components/ModalDialog';
import type { SavedCardsState } from '../hooks/use-saved-cards';

interface Props {
  state: SavedCardsState;
  /** The chosen card's idtarjeta, or null for a new card. */
  selected: string | null;
  disabled: boolean;
  onSelect: (idtarjeta: string | null) => void;
  onDelete: (tarjeta: TarjetaGuardada) => Promise<string | null>;
}

/**
 * Spec §2 payment form: the signed-in buyer's saved cards as a radio list next to 'Tarjeta
 * nueva', each with delete behind the confirm dialog (spec §5).
 */
export function SavedCards({ state, selected, disabled, onSelect, onDelete }: Props) {
  const titleId = useId();
  const [pending, setPending] = useState<TarjetaGuardada | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (state.status === 'off' || state.status === 'loading') return null;
  if (state.status === 'error') {
    return (
      <p role="alert" className="checkout__alert">
        {state.message}
      </p>
    );
  }
  if (state.tarjetas.length === 0) return null;

  const confirmDelete = async () => {
    const tarjeta = pending!;
    setPending(null);
    const problem = await onDelete(tarjeta);
    setError(problem);
    if (!problem && selected === tarjeta.idtarjeta) onSelect(null);
  };

  return (
    <fieldset className="checkout__saved" disabled={disabled}>
      <legend>Forma de pago</legend>
      <ul className="checkout__saved-list">
        {state.tarjetas.map((t) => (
          <li key={t.idtarjeta} className="checkout__saved-card">
            <label>
              <input type="radio" name="forma-de-pago" checked={selected === t.idtarjeta} onChange={() => onSelect(t.idtarjeta)} />
              <span>
                {cardName(t)}
                <span className="checkout__saved-meta">
                  {t.nombreEnTarjeta}
                  {t.banco ? ` · ${t.banco}` : ''}
                </span>
              </span>
            </label>
            <button
              type="button"
              className="checkout__link-button"
              aria-label={`Eliminar ${cardName(t)}`}
              onClick={() => {
                setError(null);
                setPending(t);
              }}
            >
              Eliminar
            </button>
          </li>
        ))}
        <li className="checkout__saved-card">
          <label>
            <input type="radio" name="forma-de-pago" checked={selected === null} onChange={() => onSelect(null)} />
            <span>Tarjeta nueva</span>
          </label>
        </li>
      </ul>
      {error && (
        <p role="alert" className="checkout__alert">
          {error}
        </p>
      )}
      <ModalDialog open={pending !== null} labelledBy={titleId} locked={false} onRequestClose={() => setPending(null)}>
        <div className="checkout__confirm">
          <h2 id={titleId}>Eliminar tarjeta</h2>
          <p>{cuentaMessages.CONFIRM_DELETE_CARD}</p>
          <div className="checkout__actions">
            <button type="button" className="checkout__button checkout__button--secondary" onClick={() => setPending(null)}>
              Cancelar
            </button>
            <button type="button" className="checkout__button" onClick={() => void confirmDelete()}>
              Eliminar
            </button>
          </div>
        </div>
      </ModalDialog>
    </fieldset>
  );
}
