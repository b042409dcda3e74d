CREATE OR REPLACE FUNCTION reservas_pago_pendiente_no_se_reemplaza() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.comprador IS NOT NULL AND EXISTS (
    SELECT 1 FROM reservas r
     WHERE r.evento_id = NEW.evento_id AND r.comprador = NEW.comprador AND r.pago_pendiente IS NOT NULL
       AND r.id <> NEW.id AND r.estado = 'cancelada' AND r.updated_at = now() AND r.fecha_expiracion > now()
  ) THEN
    RAISE EXCEPTION 'PAGO_PENDIENTE' USING ERRCODE = 'TQ409';
  END IF;
  RETURN NEW;
END $$;
