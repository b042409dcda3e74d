import { useCallback, useEffect, useRef, useState } from 'react';
import { savedHold } from '@taquilla/shared';
import type { OrderTotals } from '@taquilla/shared/money';
import type { ResumenReserva } from '@taquilla/shared/schemas/pagos';
import type { Promocion } from '@taquilla/shared/schemas/promociones';
import { rememberCode, savedCode } from '../../reservation/lib/saved-hold';
import { usePaymentDeps } from '../api/deps';

/**
 * The server's figures for a hold and the discount code on it: `resumen` without a code (its best
 * automatic promotion), the `aplicar-promo` answer with one. The code goes with the tab's saved
 * hold, so the hold restored after a refused 3-D Secure payment (or a reload) keeps it: once the
 * order is known (`ready`) a saved code is applied again, by the server. Also answers what
 * `resumen` offers besides the card: the event's meses sin intereses plans, cash and SPEI.
 */
export function useOrderFigures(eventoId: string, reservaId: string, ready: boolean) {
  const deps = usePaymentDeps();
  const [code, setCodeState] = useState<Promocion | null>(null);
  // The code as of now, for answers that arrive after it changed (state lags one render).
  const codeNow = useRef<Promocion | null>(null);
  const [figures, setFigures] = useState<{ totals: OrderTotals; promo: Promocion | null } | null>(null);
  const [failed, setFailed] = useState(false);
  const [offers, setOffers] = useState<Pick<ResumenReserva, 'planesMsi' | 'diferidos'>>({});

  const setCode = useCallback(
    (promo: Promocion | null) => {
      codeNow.current = promo;
      setCodeState(promo);
      rememberCode(savedHold, reservaId, promo?.clave ? { id: promo.id, clave: promo.clave } : null);
    },
    [reservaId],
  );

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

  // Without a code the server's resumen, asked beside the order's reads rather than after them;
  // asked again when a code is dropped. A code's figures come with its aplicar-promo answer.
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
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [deps, withCode, eventoId, reservaId]);

  /** A code the buyer applied, with the server's figures for it. */
  const applyCode = useCallback(
    (promo: Promocion, answer: OrderTotals) => {
      setCode(promo);
      setFigures({ totals: answer, promo });
    },
    [setCode],
  );
  /** The code was refused at payment: the figures without it are the server's to give again (resumen). */
  const dropCode = useCallback(() => {
    setCode(null);
    setFigures(null);
  }, [setCode]);

  return { code, totals: figures?.totals ?? null, promo: figures?.promo ?? null, failed, offers, applyCode, dropCode };
}
