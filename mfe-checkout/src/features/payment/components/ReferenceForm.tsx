import type { FormEvent } from 'react';
import { pagoMessages } from '@taquilla/shared/messages/pagos';
import { SubmitRow } from './SubmitRow';

/** Cash at a store or a SPEI transfer: what the buyer will get, and 'Generar referencia'. */
export function ReferenceForm({
  metodo,
  error,
  busy,
  disabled,
  onSubmit,
}: {
  metodo: 'efectivo' | 'spei';
  error: string | null;
  busy: boolean;
  disabled: boolean;
  onSubmit: (event: FormEvent) => void;
}) {
  return (
    <form className="checkout__form" onSubmit={onSubmit} aria-label={metodo === 'efectivo' ? pagoMessages.METHOD_EFECTIVO : pagoMessages.METHOD_SPEI}>
      <p className="checkout__hint">
        {metodo === 'efectivo'
          ? 'Te damos una referencia con código de barras para pagar en efectivo en una tienda de conveniencia. Tus lugares quedan apartados como pendientes de pago hasta que venza.'
          : 'Te damos una CLABE y una referencia para transferir desde la app de tu banco. Tus lugares quedan apartados como pendientes de pago hasta que venza.'}
      </p>
      <SubmitRow error={error} busy={busy} disabled={disabled} label="Generar referencia" busyLabel="Generando referencia" />
    </form>
  );
}
