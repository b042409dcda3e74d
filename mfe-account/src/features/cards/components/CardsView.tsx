import { useState } from 'react';
import { bus } from '@taquilla/shared';
import { deleteTarjeta } from '@taquilla/shared/api/cuenta';
import type { TarjetaGuardada } from '@taquilla/shared/schemas/cuenta';
import { serverMessageOr } from '@taquilla/shared/server-message';
import { cuentaMessages } from '@taquilla/shared/messages/cuenta';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { OutcomeMessage, type Outcome } from '../../../components/OutcomeMessage';
import { Empty, LoadError, Loading } from '../../../components/RequestStatus';
import { useRetry } from '../../../lib/use-retry';
import { usePerfilPago } from '../api/use-perfil-pago';
import { cardName, cardTypeName } from '@taquilla/shared/cards';
import './cards.css';

/** Mis formas de pago: the saved cards, each with delete behind the confirm dialog (spec §2, §5, §8). */
export function CardsView() {
  const [attempt, reload] = useRetry();
  const perfil = usePerfilPago(attempt);
  const [toDelete, setToDelete] = useState<TarjetaGuardada | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const remove = async (card: TarjetaGuardada) => {
    setToDelete(null);
    const idOpenpay = perfil.status === 'success' ? perfil.data.idOpenpay : null;
    if (!idOpenpay) {
      setOutcome({ kind: 'error', text: cuentaMessages.DELETE_CARD_NO_CUSTOMER });
      return;
    }
    setDeleting(card.id);
    try {
      const { message } = await deleteTarjeta(idOpenpay, card.idtarjeta);
      setOutcome({ kind: 'success', text: message });
      bus.emit('ui:toast', { kind: 'success', message });
      reload();
    } catch (error) {
      setOutcome({ kind: 'error', text: serverMessageOr(error, cuentaMessages.DELETE_CARD_FAILED_PROFILE) });
    } finally {
      setDeleting(null);
    }
  };

  return (
    <section className="account__page" aria-labelledby="account-title">
      <h1 id="account-title">Mis formas de pago</h1>
      <OutcomeMessage outcome={outcome} />
      {perfil.status === 'loading' && <Loading />}
      {perfil.status === 'error' && <LoadError message={serverMessageOr(perfil.error, cuentaMessages.CARDS_FAILED)} onRetry={reload} />}
      {perfil.status === 'success' && perfil.data.tarjetas.length === 0 && (
        <Empty>
          <p>{cuentaMessages.NO_SAVED_CARDS}</p>
          <p className="account__hint">{cuentaMessages.NO_SAVED_CARDS_HINT}</p>
        </Empty>
      )}
      {perfil.status === 'success' && perfil.data.tarjetas.length > 0 && (
        <ul className="cards" aria-label="Tarjetas guardadas">
          {perfil.data.tarjetas.map((card) => (
            <li key={card.id} className="cards__item account__panel">
              <div>
                <p className="cards__name">{cardName(card)}</p>
                <p className="account__hint">
                  {card.nombreEnTarjeta} · {card.banco}
                  {card.tipo ? ` · ${cardTypeName(card.tipo)}` : ''}
                </p>
              </div>
              <button
                type="button"
                className="account__button account__button--danger"
                aria-label={`Eliminar ${cardName(card)}`}
                disabled={deleting === card.id}
                onClick={() => setToDelete(card)}
              >
                {deleting === card.id ? 'Eliminando…' : 'Eliminar'}
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Eliminar tarjeta"
        text={cuentaMessages.CONFIRM_DELETE_CARD}
        confirmLabel="Eliminar"
        onConfirm={() => toDelete && void remove(toDelete)}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}
