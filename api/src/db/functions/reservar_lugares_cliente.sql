CREATE OR REPLACE FUNCTION reservar_lugares_cliente(
  p_reserva uuid, p_evento integer, p_usuario uuid, p_nombre text, p_correo text, p_comprador text,
  p_seccion integer, p_asientos integer[], p_cantidad integer, p_segundos double precision,
  p_ip text, p_dispositivo text, p_max_ip integer, p_max_dispositivo integer,
  OUT fecha timestamptz, OUT seccion_id integer, OUT asientos_liberados integer[], OUT generales_liberadas integer[],
  OUT rechazo text, OUT detalle text
) LANGUAGE plpgsql
-- Every statement below is an index probe or a small claim through an index: plan each once per
-- connection, and never as a scan of a table whose statistics say it is tiny (a plan cached while
-- a table was small would otherwise outlive its growth).
SET plan_cache_mode = force_generic_plan
SET enable_seqscan = off
AS $$
DECLARE
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
  v_lugares integer[];
  v_tope integer;
  v_apartados integer;
  v_vence timestamptz;
  v_permitir_solo boolean;
  v_secciones_ids integer[];
  v_filas integer[];
  v_solo_id integer;
  v_solo_txt text;
  -- The buyer's key while a hold is live (reservas.comprador_activo).
  v_activo text := p_evento::text || ':' || p_comprador;
BEGIN
  SELECT a.limite, a.permitir_solo, a.rechazo, a.detalle INTO v_limite, v_permitir_solo, rechazo, detalle
    FROM evento_admite_apartado(p_evento, p_cantidad) a;
  IF rechazo IS NOT NULL THEN
    RETURN;
  END IF;
  -- The buyer's live hold is replaced below, so only bought tickets add to the request.
  IF p_usuario IS NOT NULL THEN
    SELECT count(*) INTO v_comprados FROM boletos b WHERE b.evento_id = p_evento AND b.usuario_id = p_usuario;
  ELSE
    -- The guest's rows first, through the e-mail index (a join could start from every guest).
    SELECT count(*) INTO v_comprados FROM boletos b
     WHERE b.evento_id = p_evento AND b.invitado_id = ANY (ARRAY(SELECT i.id FROM invitados i WHERE i.correo = p_correo));
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
    -- Seat holds of one row wait for each other (decision 0032), rows in id order so two calls
    -- never wait in a circle: after the lock every statement below sees the row's holds that
    -- committed before, so two holds can never leave a seat alone between them together.
    v_filas := ARRAY(SELECT DISTINCT ea.fila_id FROM evento_asientos ea WHERE ea.id = ANY (p_asientos) ORDER BY 1);
    PERFORM pg_advisory_xact_lock(hashtext('fila'), f) FROM unnest(v_filas) AS f;
    -- Fail before writing anything when a seat is visibly taken (by someone else than this buyer's live hold).
    IF EXISTS (
      SELECT 1 FROM evento_asientos ea
       WHERE ea.id = ANY (p_asientos)
         AND NOT (ea.estado = 'disponible' AND (ea.hold_expires_at IS NULL OR ea.hold_expires_at <= now()))
         AND NOT coalesce(ea.estado = 'disponible'
                          AND ea.reserva_id = (SELECT r.id FROM reservas r WHERE r.comprador_activo = v_activo), false)
    ) THEN
      rechazo := 'ASIENTOS_NO_DISPONIBLES'; RETURN;
    END IF;
    -- No seat left alone (decision 0032): after this hold (the buyer's live hold given back), a
    -- free seat of a row (not a table) whose both neighbours (numbers ±1) are taken, one of them
    -- by this hold, is a refusal naming it ('<row>-<number>', its id). A free seat at a row's end
    -- or beside a gap in the numbering is not alone, nor one that is or sits beside a wheelchair
    -- or companion place (those go in pairs, not to a buyer's group).
    IF NOT v_permitir_solo THEN
      SELECT x.fila || '-' || x.numero, x.id INTO v_solo_txt, v_solo_id
        FROM (
          SELECT t.id, t.numero, t.fila, t.ocupado, t.acc,
                 lag(t.ocupado) OVER w AS oc_ant, lag(t.numero) OVER w AS n_ant, lag(t.mio) OVER w AS mio_ant, lag(t.acc) OVER w AS acc_ant,
                 lead(t.ocupado) OVER w AS oc_sig, lead(t.numero) OVER w AS n_sig, lead(t.mio) OVER w AS mio_sig, lead(t.acc) OVER w AS acc_sig
            FROM (
              SELECT ea.id, ea.fila_id, ea.numero, f.nombre AS fila, ea.id = ANY (p_asientos) AS mio, ea.accesibilidad AS acc,
                     ea.id = ANY (p_asientos)
                     OR NOT (ea.estado = 'disponible'
                             AND (ea.hold_expires_at IS NULL OR ea.hold_expires_at <= now()
                                  OR coalesce(ea.reserva_id = (SELECT r.id FROM reservas r WHERE r.comprador_activo = v_activo), false))) AS ocupado
                FROM evento_asientos ea JOIN filas f ON f.id = ea.fila_id
               WHERE ea.evento_id = p_evento AND ea.seccion_id = reservar_lugares_cliente.seccion_id AND ea.fila_id = ANY (v_filas)
                 AND NOT f.es_mesa
            ) t
          WINDOW w AS (PARTITION BY t.fila_id ORDER BY t.numero)
        ) x
       WHERE NOT x.ocupado AND x.oc_ant AND x.oc_sig AND x.n_ant = x.numero - 1 AND x.n_sig = x.numero + 1 AND (x.mio_ant OR x.mio_sig)
         AND x.acc IS NULL AND x.acc_ant IS NULL AND x.acc_sig IS NULL
       ORDER BY x.numero LIMIT 1;
      IF v_solo_id IS NOT NULL THEN
        rechazo := 'ASIENTO_SOLO'; detalle := v_solo_id || ',' || v_solo_txt; RETURN;
      END IF;
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
    -- Take the general places before writing anything: free ones first (never held, then the
    -- longest expired), then the buyer's own live hold's, which this call replaces. Too few is a
    -- refusal with nothing written; the locks go with the call.
    v_lugares := ARRAY(
      SELECT l.id FROM evento_lugares_generales l
       WHERE l.evento_seccion_id = v_evento_seccion AND l.estado = 'disponible'
         AND (l.hold_expires_at IS NULL OR l.hold_expires_at <= now()
              OR l.reserva_id = (SELECT r.id FROM reservas r WHERE r.comprador_activo = v_activo))
       ORDER BY l.hold_expires_at NULLS FIRST
       LIMIT p_cantidad FOR UPDATE SKIP LOCKED);
    IF coalesce(array_length(v_lugares, 1), 0) < p_cantidad THEN
      rechazo := 'ASIENTOS_NO_DISPONIBLES'; RETURN;
    END IF;
  END IF;

  -- Places one client without an account holds at once on this event (decision 0018): per
  -- browser (its hold token) and per address, every e-mail it used counted, the hold this call
  -- replaces left out. The advisory locks on (event, client) make a client's concurrent holds
  -- count one after the other: each count runs after the previous hold committed (every
  -- statement of this function takes a new snapshot), so parallel requests cannot pass the cap
  -- together. Address first, then browser, in every call, so two calls never wait on each other
  -- in a circle. Holds with an account are bounded by the per-buyer limit above instead.
  IF p_usuario IS NULL THEN
    IF p_ip IS NOT NULL AND p_max_ip > 0 THEN
      PERFORM pg_advisory_xact_lock(p_evento, hashtext('ip:' || p_ip));
    END IF;
    IF p_dispositivo IS NOT NULL AND p_max_dispositivo > 0 THEN
      PERFORM pg_advisory_xact_lock(p_evento, hashtext('dispositivo:' || p_dispositivo));
      -- A browser may always hold one hold of the event's own limit.
      v_tope := greatest(p_max_dispositivo, v_limite);
      SELECT coalesce(sum(r.cantidad), 0), min(r.fecha_expiracion) INTO v_apartados, v_vence
        FROM reservas r
       WHERE r.cliente_dispositivo_activo = p_evento::text || '|' || p_dispositivo
         AND r.fecha_expiracion > now() AND r.comprador_activo IS DISTINCT FROM v_activo;
      IF v_apartados + p_cantidad > v_tope THEN
        rechazo := 'LIMITE_POR_DISPOSITIVO';
        detalle := v_tope || ',' || v_apartados || ',' || coalesce(ceil(extract(epoch FROM v_vence - now()))::int, 0);
        RETURN;
      END IF;
    END IF;
    IF p_ip IS NOT NULL AND p_max_ip > 0 THEN
      SELECT coalesce(sum(r.cantidad), 0), min(r.fecha_expiracion) INTO v_apartados, v_vence
        FROM reservas r
       WHERE r.cliente_ip_activo = p_evento::text || '|' || p_ip
         AND r.fecha_expiracion > now() AND r.comprador_activo IS DISTINCT FROM v_activo;
      IF v_apartados + p_cantidad > p_max_ip THEN
        rechazo := 'LIMITE_POR_IP';
        detalle := p_max_ip || ',' || v_apartados || ',' || coalesce(ceil(extract(epoch FROM v_vence - now()))::int, 0);
        RETURN;
      END IF;
    END IF;
  END IF;

  fecha := date_trunc('milliseconds', now() + make_interval(secs => p_segundos));
  asientos_liberados := '{}';
  generales_liberadas := '{}';
  FOR v_prev IN
    UPDATE reservas SET estado = CASE WHEN fecha_expiracion <= now() THEN 'expirada' ELSE 'cancelada' END, updated_at = now()
     WHERE comprador_activo = v_activo RETURNING id
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
  INSERT INTO reservas (id, evento_id, usuario_id, invitado_id, comprador, es_general, evento_seccion_id, seccion_id, cantidad, fecha_expiracion,
                        cliente_ip, cliente_dispositivo)
  VALUES (p_reserva, p_evento, p_usuario, v_invitado, p_comprador, p_asientos IS NULL, v_evento_seccion, reservar_lugares_cliente.seccion_id, p_cantidad, fecha,
          p_ip, p_dispositivo);

  IF p_asientos IS NOT NULL THEN
    UPDATE evento_asientos SET reserva_id = p_reserva, hold_expires_at = fecha
     WHERE evento_id = p_evento AND id = ANY (p_asientos)
       AND estado = 'disponible' AND (hold_expires_at IS NULL OR hold_expires_at <= now());
  ELSE
    UPDATE evento_lugares_generales SET reserva_id = p_reserva, hold_expires_at = fecha WHERE id = ANY (v_lugares);
  END IF;
  GET DIAGNOSTICS v_n = ROW_COUNT;
  IF v_n <> p_cantidad THEN
    RAISE EXCEPTION 'ASIENTOS_NO_DISPONIBLES' USING ERRCODE = 'TQ409';
  END IF;
END $$;
