CREATE OR REPLACE FUNCTION evento_admite_apartado(
  p_evento integer, p_cantidad integer,
  OUT limite integer, OUT permitir_solo boolean, OUT rechazo text, OUT detalle text
) LANGUAGE plpgsql STABLE
AS $$
-- The checks every hold function (reservar_lugares_cliente, mejores_lugares_cliente) opens with:
-- the event exists, is shown on the web and is still to come, and p_cantidad places fit its
-- per-hold limit. A refusal is rechazo/detalle as the caller returns them; limite and
-- permitir_solo are the event's, for the caller's own rules. No SET clause: one probe of
-- eventos' key, run under the caller's settings.
DECLARE
  v_web boolean;
  v_futuro boolean;
BEGIN
  SELECT e.mostrar_web, e.fecha > now(), e.limite_de_asientos, e.permitir_asiento_solo INTO v_web, v_futuro, limite, permitir_solo
    FROM eventos e WHERE e.id = p_evento;
  IF NOT FOUND THEN
    rechazo := 'EVENTO_NO_ENCONTRADO'; RETURN;
  END IF;
  IF NOT v_web OR NOT v_futuro THEN
    rechazo := 'EVENTO_NO_DISPONIBLE'; RETURN;
  END IF;
  IF p_cantidad > limite THEN
    rechazo := 'LIMITE_POR_RESERVA'; detalle := limite::text; RETURN;
  END IF;
END $$;
