-- A hold in one statement (one round trip, atomic on its own): ends the buyer's live hold on
-- the event and frees its places, records the guest and the reserva, and takes the places with
-- a conditional UPDATE (seats) or FOR UPDATE SKIP LOCKED (general admission). When fewer places
-- than asked could be taken it raises SQLSTATE TQ409 and nothing of it remains. Answers the
-- expiry and what the replaced hold gave back (seat ids, general section ids), so the caller
-- can announce them. Measured under bench:holds: the same steps as separate statements in a
-- transaction were ~12 round trips per hold.
CREATE OR REPLACE FUNCTION reservar_lugares(
  p_reserva uuid, p_evento integer, p_usuario uuid, p_nombre text, p_correo text, p_comprador text,
  p_seccion integer, p_evento_seccion integer, p_asientos integer[], p_cantidad integer, p_segundos double precision,
  OUT fecha timestamptz, OUT asientos_liberados integer[], OUT generales_liberadas integer[]
) LANGUAGE plpgsql AS $$
DECLARE
  v_prev uuid;
  v_invitado uuid;
  v_n integer;
  v_ids integer[];
BEGIN
  fecha := date_trunc('milliseconds', now() + make_interval(secs => p_segundos));
  asientos_liberados := '{}';
  generales_liberadas := '{}';
  FOR v_prev IN
    UPDATE reservas SET estado = CASE WHEN fecha_expiracion <= now() THEN 'expirada' ELSE 'cancelada' END, updated_at = now()
     WHERE evento_id = p_evento AND comprador = p_comprador AND estado = 'activa' RETURNING id
  LOOP
    WITH freed AS (
      UPDATE evento_asientos SET reserva_id = NULL, hold_expires_at = NULL
       WHERE reserva_id = v_prev AND estado = 'disponible' RETURNING id)
    SELECT coalesce(array_agg(id), '{}') INTO v_ids FROM freed;
    asientos_liberados := asientos_liberados || v_ids;
    WITH freed AS (
      UPDATE evento_lugares_generales SET reserva_id = NULL, hold_expires_at = NULL
       WHERE reserva_id = v_prev AND estado = 'disponible' RETURNING seccion_id)
    SELECT coalesce(array_agg(DISTINCT seccion_id), '{}') INTO v_ids FROM freed;
    generales_liberadas := generales_liberadas || v_ids;
  END LOOP;

  IF p_nombre IS NOT NULL THEN
    INSERT INTO invitados (nombre, correo) VALUES (p_nombre, p_correo) RETURNING id INTO v_invitado;
  END IF;
  INSERT INTO reservas (id, evento_id, usuario_id, invitado_id, comprador, es_general, evento_seccion_id, seccion_id, cantidad, fecha_expiracion)
  VALUES (p_reserva, p_evento, p_usuario, v_invitado, p_comprador, p_asientos IS NULL, p_evento_seccion, p_seccion, p_cantidad, fecha);

  IF p_asientos IS NOT NULL THEN
    UPDATE evento_asientos SET reserva_id = p_reserva, hold_expires_at = fecha
     WHERE evento_id = p_evento AND id = ANY (p_asientos)
       AND estado = 'disponible' AND (hold_expires_at IS NULL OR hold_expires_at <= now());
  ELSE
    UPDATE evento_lugares_generales SET reserva_id = p_reserva, hold_expires_at = fecha
     WHERE id IN (SELECT id FROM evento_lugares_generales
                   WHERE evento_seccion_id = p_evento_seccion AND estado = 'disponible' AND (hold_expires_at IS NULL OR hold_expires_at <= now())
                   LIMIT p_cantidad FOR UPDATE SKIP LOCKED);
  END IF;
  GET DIAGNOSTICS v_n = ROW_COUNT;
  IF v_n <> p_cantidad THEN
    RAISE EXCEPTION 'ASIENTOS_NO_DISPONIBLES' USING ERRCODE = 'TQ409';
  END IF;
END $$;
