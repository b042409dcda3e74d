import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { savedHold } from '@taquilla/shared';
import type { OrderTotals } from '@taquilla/shared/money';
import type { Promocion } from '@taquilla/shared/schemas/promociones';
import { pagoMessages } from '@taquilla/shared/messages/pagos';
import { formatMoney } from '@taquilla/shared';
import type { MakeReferenciaResponse, PlanMsi, ResumenReserva } from '@taquilla/shared/schemas/pagos';
import { useBuyer } from '../../reservation/hooks/use-buyer';
import { rememberCode, savedCode } from '../../reservation/lib/saved-hold';
import { errorMessage, usePaymentDeps } from '../api/deps';
import type { Gateway } from '../api/openpay';
import { useOrder } from '../hooks/use-order';
import { useSavedCards } from '../hooks/use-saved-cards';
import { validateCard, type CardErrors, type CardInput } from '../lib/card';
import { isPromoError } from '../lib/errors';
import { CardForm } from './CardForm';
import { ConfirmPayDialog } from './ConfirmPayDialog';
import { DiscountCode } from './DiscountCode';
import { OrderSummary } from './OrderSummary';
import { PurchaseSuccess, type Purchase } from './PurchaseSuccess';
import { ReferenciaPago } from './ReferenciaPago';
import { SavedCards } from './SavedCards';

export interface PaymentStepProps {
  eventoId: string;
  reservaId: string;
  esGeneral: boolean;
  /** Called once the hold is paid (the hold stops counting down). */
  onSold?: () => void;
}

const EMPTY_CARD: CardInput = { holder: '', number: '', expiry: '', cvv: '' };

/** How the buyer pays: a card (in one go or meses sin intereses), cash at a store, a SPEI transfer. */
type Metodo = 'tarjeta' | 'efectivo' | 'spei';

/** What the gateway's tokenizer takes (the only place the card's digits go). */
const cardForGateway = (card: CardInput) => {
  const [month, year] = card.expiry.split('/') as [string, string];
  return { card_number: card.number.replace(/\s/g, ''), holder_name: card.holder.trim(), expiration_month: month, expiration_year: year, cvv2: card.cvv };
};

/**
 * Summary, discount code and card payment for a live hold (spec §2 "Seat selection page", the
 * general-admission modal's step 2). The card goes from the browser to the gateway as a token;
 * 'Pagar' charges once however often it is pressed.
 */
export function PaymentStep({ eventoId, reservaId, esGeneral, onSold }: PaymentStepProps) {
  const deps = usePaymentDeps();
  const uid = useId();
  const buyer = useBuyer();
  const state = useOrder(eventoId, reservaId);
  const [code, setCodeState] = useState<Promocion | null>(null);
  // The code as of now, for answers that arrive after it changed (state lags one render).
  const codeNow = useRef<Promocion | null>(null);
  /** The server's figures for the hold: `resumen` without a code, the `aplicar-promo` answer with one. */
  const [figures, setFigures] = useState<{ totals: OrderTotals; promo: Promocion | null } | null>(null);
  const [figuresFailed, setFiguresFailed] = useState(false);
  // The code goes with the tab's saved hold, so the hold restored after a refused 3-D Secure
  // payment (or a reload) keeps it.
  const setCode = useCallback(
    (promo: Promocion | null) => {
      codeNow.current = promo;
      setCodeState(promo);
      rememberCode(savedHold, reservaId, promo?.clave ? { id: promo.id, clave: promo.clave } : null);
    },
    [reservaId],
  );
  const [card, setCard] = useState<CardInput>(EMPTY_CARD);
  const [errors, setErrors] = useState<CardErrors>({});
  const [guardar, setGuardar] = useState(false);
  const saved = useSavedCards(buyer === 'account');
  /** The saved card to pay with (its idtarjeta), or null for a new card. */
  const [savedCard, setSavedCard] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [paying, setPaying] = useState(false);
  const [payError, setPayError] = useState<string | null>(null);
  const [purchase, setPurchase] = useState<Purchase | null>(null);
  /** From resumen: the event's meses sin intereses plans and whether cash / SPEI are offered. */
  const [offers, setOffers] = useState<Pick<ResumenReserva, 'planesMsi' | 'diferidos'>>({});
  const [metodo, setMetodo] = useState<Metodo>('tarjeta');
  const [meses, setMeses] = useState<PlanMsi['meses'] | null>(null);
  const [referencia, setReferencia] = useState<MakeReferenciaResponse | null>(null);
  // A ref, not state: two clicks in one frame both see `paying` false.
  const inFlight = useRef(false);
  const gateway = useRef<Promise<Gateway> | null>(null);
  /** A new card's type as the gateway tells it, for the number typed (plans only for 'credit'). */
  const [newCard, setNewCard] = useState<{ number: string; tipo: TipoNueva } | null>(null);

  const loadGateway = useCallback(() => {
    gateway.current ??= deps.getCredenciales().then((cred) => deps.loadGateway(cred));
    // A failed load is retried on the next attempt.
    gateway.current.catch(() => {
      gateway.current = null;
    });
    return gateway.current;
  }, [deps]);

  // Meses sin intereses are for credit cards: once a new card is complete, its type is asked of
  // the gateway through our server with a token (tokens are single use; 'Pagar' makes another).
  const cardNumber = card.number.replace(/\s/g, '');
  const eventHasPlans = (offers.planesMsi?.length ?? 0) > 0;
  const askType = eventHasPlans && metodo === 'tarjeta' && savedCard === null && Object.keys(validateCard(card, deps.now())).length === 0;
  const askedFor = newCard?.number ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once per card number (cardNumber), not again for every keystroke in the other fields of `card`
  useEffect(() => {
    if (!askType || askedFor === cardNumber) return;
    const number = cardNumber;
    setNewCard({ number, tipo: 'pendiente' });
    // An answer for a number no longer typed is dropped.
    const settle = (tipo: TipoNueva) => setNewCard((now) => (now?.number === number ? { number, tipo } : now));
    loadGateway()
      .then(async (gw) => {
        const token = await gw.tokenize(cardForGateway(card));
        return deps.getTipoTarjeta({ reservaId, token_id: token, device_session_id: gw.deviceSessionId });
      })
      .then(
        (answer) => settle(answer.admiteMsi ? 'credit' : 'debit'),
        () => settle('desconocido'),
      );
    // Asked once per number: the other fields changing does not ask again.
  }, [askType, askedFor, cardNumber, deps, loadGateway, reservaId]);

  // A code saved with this hold is applied again, by the server, once the order is known.
  const ready = state.status === 'ready';
  useEffect(() => {
    const saved = ready ? savedCode(savedHold, reservaId) : null;
    if (!saved) return;
    let live = true;
    deps.aplicarPromo({ promocionId: saved.id, clave: saved.clave, eventoId: Number(eventoId), reservaId }).then(
      (answer) => {
        if (!live) return;
        const promo = { ...answer.promocion, clave: saved.clave };
        codeNow.current = promo;
        setCodeState(promo);
        setFigures({ totals: answer, promo });
      },
      () => live && rememberCode(savedHold, reservaId, null),
    );
    return () => {
      live = false;
    };
  }, [deps, ready, eventoId, reservaId]);

  // Without a code the server's resumen (its best automatic promotion), asked beside the order's
  // reads rather than after them; asked again when a code is dropped. A code's figures come with
  // its aplicar-promo answer.
  const withCode = code !== null;
  useEffect(() => {
    if (withCode) return;
    let live = true;
    deps.getResumenReserva(eventoId, reservaId).then(
      // A resumen answering after a code was applied (the restored hold asks both at once) is stale.
      (resumen) => {
        if (!live) return;
        setOffers({ planesMsi: resumen.planesMsi, diferidos: resumen.diferidos });
        if (!codeNow.current) setFigures({ totals: resumen, promo: resumen.promocion });
      },
      () => live && setFiguresFailed(true),
    );
    return () => {
      live = false;
    };
  }, [deps, withCode, eventoId, reservaId]);

  const applyCode = useCallback(
    (promo: Promocion, answer: OrderTotals) => {
      setCode(promo);
      setFigures({ totals: answer, promo });
    },
    [setCode],
  );

  const order = state.status === 'ready' ? state.order : null;
  const totals = figures?.totals ?? null;
  const promo = figures?.promo ?? null;

  if (state.status === 'loading') return <p className="checkout__notice">Calculando el total…</p>;
  if (state.status === 'error' || figuresFailed || !order) {
    return (
      <p role="alert" className="checkout__alert">
        No se pudo calcular el total de tu compra. Recarga la página.
      </p>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current || !totals) return;
    setPayError(null);
    // Spec §5: the card form is skipped when a saved card is chosen.
    const found = savedCard ? {} : validateCard(card, deps.now());
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    // Start loading the gateway while the buyer reads the confirmation.
    void loadGateway().catch(() => undefined);
    setConfirming(true);
  };

  const pay = async () => {
    setConfirming(false);
    if (inFlight.current || !totals) return;
    inFlight.current = true;
    setPaying(true);
    setPayError(null);
    try {
      const gw = await loadGateway();
      const stored = savedCard && saved.state.status === 'ready' ? saved.state.idOpenpay : null;
      const source = stored ? savedCard! : await gw.tokenize(cardForGateway(card));
      const payload = {
        reservaId,
        esGeneral,
        tipoDispositivo: 'web' as const,
        source_id: source,
        device_session_id: gw.deviceSessionId,
        amount: totals.total,
        promocion_id: code?.id ?? null,
        promocion_clave: code?.clave ?? null,
        meses: plans.some((p) => p.meses === meses) ? meses : null,
      };
      const answer =
        buyer === 'account'
          ? await deps.makeCargo(stored ? { ...payload, usuarioOpenpayId: stored } : { ...payload, guardarTarjeta: guardar })
          : await deps.makeCargoInvitado(payload);
      const redirect = answer.cargo.payment_method;
      if (redirect?.type === 'redirect') {
        // 3-D Secure: the bank page sends the buyer back to terminar_compra; keep the button locked.
        deps.navigate(redirect.url);
        return;
      }
      if (!answer.cargo.pagado) throw new Error('not paid');
      setCard(EMPTY_CARD);
      onSold?.();
      setPurchase({
        evento: answer.evento.nombre,
        recinto: answer.evento.recinto,
        total: answer.total,
        correo: answer.correo,
        invitado: answer.invitadoId ? { invitadoId: answer.invitadoId, reservaId } : undefined,
      });
    } catch (e) {
      if (isPromoError(e)) {
        // The figures without the code are the server's to give again (resumen).
        setCode(null);
        setFigures(null);
      }
      setPayError(errorMessage(e, pagoMessages.PAYMENT_FAILED));
      inFlight.current = false;
      setPaying(false);
    }
  };

  // The plans for the total now shown (a code changes it): monthly amount rounded up, same total.
  // Only for a credit card: a saved card's type is stored, a new card's asked of the gateway.
  const chosen = savedCard && saved.state.status === 'ready' ? saved.state.tarjetas.find((t) => t.idtarjeta === savedCard) : undefined;
  const tipoNueva = savedCard === null && newCard?.number === cardNumber ? newCard.tipo : null;
  const credit = savedCard ? chosen?.tipo !== 'debit' : tipoNueva === 'credit';
  const plans = (credit ? (offers.planesMsi ?? []) : []).map((p) => ({
    meses: p.meses,
    mensualidad: Math.ceil((totals?.total ?? p.total) / p.meses),
    total: totals?.total ?? p.total,
  }));
  const efectivo = offers.diferidos?.efectivo ?? null;
  const spei = offers.diferidos?.spei ?? null;

  const makeReference = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current || !totals || metodo === 'tarjeta') return;
    inFlight.current = true;
    setPaying(true);
    setPayError(null);
    try {
      const payload = { reservaId, metodo, amount: totals.total, promocion_id: code?.id ?? null, promocion_clave: code?.clave ?? null };
      const answer = buyer === 'account' ? await deps.makeReferencia(payload) : await deps.makeReferenciaInvitado(payload);
      // The hold now waits for the payment until the reference's deadline, not the countdown.
      onSold?.();
      setReferencia(answer);
    } catch (e) {
      setPayError(errorMessage(e, pagoMessages.PAYMENT_FAILED));
    } finally {
      inFlight.current = false;
      setPaying(false);
    }
  };

  if (referencia) return <ReferenciaPago referencia={referencia} />;

  return (
    <div className="checkout__payment">
      {totals ? <OrderSummary order={order} totals={totals} promo={promo} /> : <p className="checkout__notice">Calculando el total…</p>}
      <DiscountCode eventoId={eventoId} reservaId={reservaId} esGeneral={esGeneral} order={order} disabled={paying} applied={code} onApplied={applyCode} />
      {(efectivo || spei) && (
        <fieldset className="checkout__metodos" disabled={paying}>
          <legend>¿Cómo quieres pagar?</legend>
          <label className="checkout__check">
            <input type="radio" name="metodo" value="tarjeta" checked={metodo === 'tarjeta'} onChange={() => setMetodo('tarjeta')} />
            Tarjeta de crédito o débito
          </label>
          {efectivo && (
            <label className="checkout__check">
              <input type="radio" name="metodo" value="efectivo" checked={metodo === 'efectivo'} onChange={() => setMetodo('efectivo')} />
              {pagoMessages.METHOD_EFECTIVO}
            </label>
          )}
          {spei && (
            <label className="checkout__check">
              <input type="radio" name="metodo" value="spei" checked={metodo === 'spei'} onChange={() => setMetodo('spei')} />
              {pagoMessages.METHOD_SPEI}
            </label>
          )}
        </fieldset>
      )}
      {metodo !== 'tarjeta' ? (
        <form
          className="checkout__form"
          onSubmit={(e) => void makeReference(e)}
          aria-label={metodo === 'efectivo' ? pagoMessages.METHOD_EFECTIVO : pagoMessages.METHOD_SPEI}
        >
          <p className="checkout__hint">
            {metodo === 'efectivo'
              ? 'Te damos una referencia con código de barras para pagar en efectivo en una tienda de conveniencia. Tus lugares quedan apartados como pendientes de pago hasta que venza.'
              : 'Te damos una CLABE y una referencia para transferir desde la app de tu banco. Tus lugares quedan apartados como pendientes de pago hasta que venza.'}
          </p>
          <SubmitRow error={payError} busy={paying} disabled={!totals} label="Generar referencia" busyLabel="Generando referencia" />
        </form>
      ) : (
        <form className="checkout__form" onSubmit={submit} noValidate aria-label="Pago con tarjeta">
          <SavedCards state={saved.state} selected={savedCard} disabled={paying} onSelect={setSavedCard} onDelete={saved.remove} />
          {savedCard === null && <CardForm card={card} errors={errors} disabled={paying} onChange={setCard} />}
          {eventHasPlans && plans.length === 0 && (
            <p className="checkout__hint" role="status">
              {planNote(savedCard ? 'debit' : tipoNueva)}
            </p>
          )}
          {plans.length > 0 && (
            <div className="checkout__field">
              <label htmlFor={`${uid}-meses`}>Meses sin intereses</label>
              <select
                id={`${uid}-meses`}
                aria-describedby={`${uid}-meses-nota`}
                value={meses ?? ''}
                disabled={paying}
                onChange={(e) => setMeses(e.target.value ? (Number(e.target.value) as PlanMsi['meses']) : null)}
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
          )}
          {buyer === 'account' && savedCard === null && (
            <label className="checkout__check">
              <input type="checkbox" checked={guardar} disabled={paying} onChange={(e) => setGuardar(e.target.checked)} />
              Quieres guardar tu tarjeta?
            </label>
          )}
          <p className="checkout__hint">Tus datos viajan cifrados con seguridad de 256 bits; tu tarjeta nunca pasa por nuestros servidores.</p>
          <SubmitRow error={payError} busy={paying} disabled={!totals} label="Pagar" busyLabel="Procesando pago" />
        </form>
      )}
      <ConfirmPayDialog open={confirming && totals !== null} total={totals?.total ?? 0} onConfirm={() => void pay()} onCancel={() => setConfirming(false)} />
      {purchase && <PurchaseSuccess purchase={purchase} />}
    </div>
  );
}

/** Where a new card stands in learning its type (credit cards alone see the plans). */
type TipoNueva = 'pendiente' | 'credit' | 'debit' | 'desconocido';

/** Why no plan is shown yet, or at all, while the event offers meses sin intereses. */
function planNote(tipo: TipoNueva | null): string {
  if (tipo === 'pendiente') return 'Verificando tu tarjeta…';
  if (tipo === 'debit') return 'Las tarjetas de débito pagan de contado; los meses sin intereses son con tarjetas de crédito de bancos participantes.';
  if (tipo === 'desconocido') return 'No pudimos verificar si tu tarjeta admite meses sin intereses; puedes pagar de contado.';
  return 'Los meses sin intereses aparecen al completar los datos de una tarjeta de crédito.';
}

/** A payment form's last row: the refusal (read out at once) and the submit button, locked while busy. */
function SubmitRow({ error, busy, disabled, label, busyLabel }: { error: string | null; busy: boolean; disabled: boolean; label: string; busyLabel: string }) {
  return (
    <>
      {error && (
        <p role="alert" className="checkout__alert">
          {error}
        </p>
      )}
      <button type="submit" className="checkout__button" disabled={busy || disabled} aria-busy={busy || undefined}>
        {busy ? busyLabel : label}
      </button>
    </>
  );
}
