import { useEffect, useState } from 'react';
import { qrSvgDataUrl } from '../lib/qr';
import { formatMessage } from '@taquilla/shared';
import { cuentaMessages } from '@taquilla/shared/messages/cuenta';

interface Props {
  payload: string;
  label: string;
  /** CSS pixels; 240 is the floor for a phone held up to a gate scanner. */
  size?: number;
  className?: string;
}

/** The ticket's QR (its quemadoUUID) as a sharp SVG on a white quiet zone. */
export function TicketQr({ payload, label, size = 264, className }: Props) {
  const [src, setSrc] = useState<{ payload: string; url: string } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    setFailed(false);
    qrSvgDataUrl(payload).then(
      (url) => current && setSrc({ payload, url }),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [payload]);

  if (failed)
    return (
      <p className="ticket-qr ticket-qr--failed" role="img" aria-label={label}>
        {formatMessage(cuentaMessages.TICKET_QR_FAILED, { payload })}
      </p>
    );
  if (!src || src.payload !== payload)
    return <span className="ticket-qr ticket-qr--loading" style={{ width: size, height: size }} role="img" aria-label={label} aria-busy="true" />;
  return <img className={`ticket-qr ${className ?? ''}`} src={src.url} alt={label} width={size} height={size} />;
}
