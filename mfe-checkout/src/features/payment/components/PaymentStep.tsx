import { useRef, useState, type FormEvent } from 'react';
import { pagoMessages } from '@taquilla/shared/messages/pagos';
import type { MakeReferenciaResponse, PlanMsi } from '@taquilla/shared/schemas/pagos';
import { useBuyer } from '../../reservation/hooks/use-buyer';
import { errorMessage, usePaymentDeps } from '../api/deps';
import { useCardType } from '../hooks/use-card-type';
import { cardForGateway, useGateway } from '../hooks/use-gateway';
import { useOrder } from '../hooks/use-order';
import { useOrderFigures } from '../hooks/use-order-figures';
import { useSavedCards } from '../hooks/use-saved-cards';
import { validateCard, type CardErrors, type CardInput } from '../lib/card';
import { isPromoError } from '../lib/errors';
import { CardForm } from './CardForm';
import { ConfirmPayDialog } from './ConfirmPayDialog';
import { DiscountCode } from './DiscountCode';
import { MsiPlanPicker } from './MsiPlanPicker';
import { OrderSummary } from './OrderSummary';
import { PaymentMethodPicker, type Metodo } from './PaymentMethodPicker';
import { PurchaseSuccess, type Purchase } from './PurchaseSuccess';
import { ReferenceForm } from './ReferenceForm';
import { ReferenciaPago } from './ReferenciaPago';
import { SavedCards } from './SavedCards';
import { SubmitRow } from './SubmitRow';

export interface PaymentStepProps {
  eventoId: string;
  reservaId: string;
  esGeneral: boolean;
  /** Called once the hold is paid (the hold stops counting down). */
  onSold?: () => void;
}

const EMPTY_CARD: CardInput = { holder: '', number: '', expiry: '', cvv: '' };

/**
 * Summary, discount code and payment (card, meses sin intereses, cash, SPEI) for a live hold (spec §2 "Seat selection page", the
 * general-admission modal's step 2). The card goes from the browser to the gateway as a token;
 * 'Pagar' charges once however often it is pressed.
 */
export function PaymentStep({ eventoId, reservaId, esGeneral, onSold }: PaymentStepProps) {
  const deps = usePaymentDeps();
  const buyer = useBuyer();
  const state = useOrder(eventoId, reservaId);
  const { code, totals, promo, failed: figuresFailed, offers, applyCode, dropCode } = useOrderFigures(eventoId, reservaId, state.status === 'ready');
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
  const [metodo, setMetodo] = useState<Metodo>('tarjeta');
  const [meses, setMeses] = useState<PlanMsi['meses'] | null>(null);
  const [referencia, setReferencia] = useState<MakeReferenciaResponse | null>(null);
  // A ref, not state: two clicks in one frame both see `paying` false.
  const inFlight = useRef(false);
  const loadGateway = useGateway(deps);
  const eventHasPlans = (offers.planesMsi?.length ?? 0) > 0;
  const tipoNueva = useCardType({ card, ask: eventHasPlans && metodo === 'tarjeta' && savedCard === null, reservaId, loadGateway });

  const order = state.status === 'ready' ? state.order : null;

  if (state.status === 'loading') return <p className="checkout__notice">{pagoMessages.TOTAL_CALCULATING}</p>;
  if (state.status === 'error' || figuresFailed || !order) {
    return (
      <p role="alert" className="checkout__alert">
        {pagoMessages.TOTAL_FAILED}
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
      if (isPromoError(e)) dropCode();
      setPayError(errorMessage(e, pagoMessages.PAYMENT_FAILED));
      inFlight.current = false;
      setPaying(false);
    }
  };

  // The plans for the total now shown (a code changes it): monthly amount rounded up, same total.
  // Only for a credit card: a saved card's type is stored, a new card's asked of the gateway.
  const chosen = savedCard && saved.state.status === 'ready' ? saved.state.tarjetas.find((t) => t.idtarjeta === savedCard) : undefined;
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
      {totals ? <OrderSummary order={order} totals={totals} promo={promo} /> : <p className="checkout__notice">{pagoMessages.TOTAL_CALCULATING}</p>}
      <DiscountCode eventoId={eventoId} reservaId={reservaId} esGeneral={esGeneral} order={order} disabled={paying} applied={code} onApplied={applyCode} />
      {(efectivo || spei) && <PaymentMethodPicker metodo={metodo} efectivo={efectivo !== null} spei={spei !== null} disabled={paying} onChange={setMetodo} />}
      {metodo !== 'tarjeta' ? (
        <ReferenceForm metodo={metodo} error={payError} busy={paying} disabled={!totals} onSubmit={(e) => void makeReference(e)} />
      ) : (
        <form className="checkout__form" onSubmit={submit} noValidate aria-label="Pago con tarjeta">
          <SavedCards state={saved.state} selected={savedCard} disabled={paying} onSelect={setSavedCard} onDelete={saved.remove} />
          {savedCard === null && <CardForm card={card} errors={errors} disabled={paying} onChange={setCard} />}
          {eventHasPlans && <MsiPlanPicker plans={plans} tipo={savedCard ? 'debit' : tipoNueva} meses={meses} disabled={paying} onChange={setMeses} />}
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
