-- reservar_lugares answers a refusal for every seat that is not free before it writes anything.
-- 0007's check skipped seats whose reserva_id is null although their state is not 'disponible'
-- (sold without a hold, blocked, courtesy, inaccessible): they reached the final UPDATE and
-- raised TQ409, the same 409 but through an aborted transaction and an ERROR line in the server
-- log for every such click. The only seats of another state the check lets through are the
-- buyer's own live hold, which the call replaces. Everything else is 0007's function unchanged.
CREATE OR REPLACE FUNCTION reservar_lugares(
  p_reserva uuid, p_evento integer, p_usuario uuid, p_nombre text, p_correo text, p_comprador text,
  p_seccion integer, p_asientos integer[], p_cantidad integer, p_segundos double precision,
  OUT fecha timestamptz, OUT seccion_id integer, OUT asientos_liberados integer[], OUT generales_liberadas integer[],
  OUT rechazo text, OUT detalle text
) LANGUAGE plpgsql AS $$
DECLARE
  v_web boolean;
  v_futuro boolean;
  v_limite integer;
  v_comprados integer;
  v_encontrados integer;
  v_del_evento integer;
  v_secciones integer;
  v_evento_seccion integer;
  v_tipo text;
  v_prev uuid;
  v_invitado uuid;
  v_n integer;
  v_ids integer[];
BEGIN
  SELECT e.mostrar_web, e.fecha > now(), e.limite_de_asientos INTO v_web, v_futuro, v_limite FROM eventos e WHERE e.id = p_evento;
  IF NOT FOUND THEN
    rechazo := 'EVENTO_NO_ENCONTRADO'; RETURN;
  END IF;
  IF NOT v_web OR NOT v_futuro THEN
    rechazo := 'EVENTO_NO_DISPONIBLE'; RETURN;
  END IF;
  IF p_cantidad > v_limite THEN
    rechazo := 'LIMITE_POR_RESERVA'; detalle := v_limite::text; RETURN;
  END IF;
  -- The buyer's live hold is replaced below, so only bought tickets add to the request.
  IF p_usuario IS NOT NULL THEN
    SELECT count(*) INTO v_comprados FROM boletos b WHERE b.evento_id = p_evento AND b.usuario_id = p_usuario;
  ELSE
    SELECT count(*) INTO v_comprados FROM boletos b JOIN invitados i ON i.id = b.invitado_id WHERE b.evento_id = p_evento AND i.correo = p_correo;
  END IF;
  IF v_comprados + p_cantidad > v_limite THEN
    rechazo := 'LIMITE_POR_COMPRADOR'; detalle := v_limite || ',' || v_comprados; RETURN;
  END IF;

  IF p_asientos IS NOT NULL THEN
    SELECT count(*), count(*) FILTER (WHERE ea.evento_id = p_evento), count(DISTINCT ea.seccion_id), min(ea.seccion_id)
      INTO v_encontrados, v_del_evento, v_secciones, seccion_id
      FROM evento_asientos ea WHERE ea.id = ANY (p_asientos);
    IF v_encontrados <> p_cantidad OR v_del_evento <> p_cantidad THEN
      rechazo := 'ASIENTOS_DE_OTRO_EVENTO'; RETURN;
    END IF;
    IF v_secciones > 1 THEN
      rechazo := 'ASIENTOS_DE_VARIAS_SECCIONES'; RETURN;
    END IF;
    -- Fail before writing anything when a seat is visibly taken (by someone else than this buyer's live hold).
    IF EXISTS (
      SELECT 1 FROM evento_asientos ea
       WHERE ea.id = ANY (p_asientos)
         AND NOT (ea.estado = 'disponible' AND (ea.hold_expires_at IS NULL OR ea.hold_expires_at <= now()))
         AND NOT coalesce(ea.estado = 'disponible'
                          AND ea.reserva_id = (SELECT r.id FROM reservas r WHERE r.evento_id = p_evento AND r.comprador = p_comprador AND r.estado = 'activa'), false)
    ) THEN
      rechazo := 'ASIENTOS_NO_DISPONIBLES'; RETURN;
    END IF;
  ELSE
    SELECT es.id, s.tipo INTO v_evento_seccion, v_tipo
      FROM evento_secciones es JOIN secciones s ON s.id = es.seccion_id WHERE es.evento_id = p_evento AND es.seccion_id = p_seccion;
    IF NOT FOUND THEN
      rechazo := 'SECCION_NO_ENCONTRADA'; RETURN;
    END IF;
    IF v_tipo <> 'general' THEN
      rechazo := 'SECCION_NO_GENERAL'; RETURN;
    END IF;
    seccion_id := p_seccion;
  END IF;

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
      UPDATE evento_lugares_generales l SET reserva_id = NULL, hold_expires_at = NULL
       WHERE l.reserva_id = v_prev AND l.estado = 'disponible' RETURNING l.seccion_id)
    SELECT coalesce(array_agg(DISTINCT f.seccion_id), '{}') INTO v_ids FROM freed f;
    generales_liberadas := generales_liberadas || v_ids;
  END LOOP;

  IF p_nombre IS NOT NULL THEN
    INSERT INTO invitados (nombre, correo) VALUES (p_nombre, p_correo) RETURNING id INTO v_invitado;
  END IF;
  INSERT INTO reservas (id, evento_id, usuario_id, invitado_id, comprador, es_general, evento_seccion_id, seccion_id, cantidad, fecha_expiracion)
  VALUES (p_reserva, p_evento, p_usuario, v_invitado, p_comprador, p_asientos IS NULL, v_evento_seccion, reservar_lugares.seccion_id, p_cantidad, fecha);

  IF p_asientos IS NOT NULL THEN
    UPDATE evento_asientos SET reserva_id = p_reserva, hold_expires_at = fecha
     WHERE evento_id = p_evento AND id = ANY (p_asientos)
       AND estado = 'disponible' AND (hold_expires_at IS NULL OR hold_expires_at <= now());
  ELSE
    UPDATE evento_lugares_generales SET reserva_id = p_reserva, hold_expires_at = fecha
     WHERE id IN (SELECT l.id FROM evento_lugares_generales l
                   WHERE l.evento_seccion_id = v_evento_seccion AND l.estado = 'disponible' AND (l.hold_expires_at IS NULL OR l.hold_expires_at <= now())
                   ORDER BY l.hold_expires_at NULLS FIRST
                   LIMIT p_cantidad FOR UPDATE SKIP LOCKED);
  END IF;
  GET DIAGNOSTICS v_n = ROW_COUNT;
  IF v_n <> p_cantidad THEN
    RAISE EXCEPTION 'ASIENTOS_NO_DISPONIBLES' USING ERRCODE = 'TQ409';
  END IF;
END $$;
