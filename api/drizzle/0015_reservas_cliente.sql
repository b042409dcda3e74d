-- Who made each hold, and how many places one client without an account holds at once
-- (decision 0018).
--
-- - reservas.cliente_ip / cliente_dispositivo: the client's address and the SHA-256 of its hold
--   token. cliente_ip_activo / cliente_dispositivo_activo: '<evento_id>|<value>' while the hold
--   is live and made without an account, null otherwise (as 0014's comprador_activo), each with
--   a partial index. A count by them can only use its own index: a count that filtered on
--   estado = 'activa' was planned on reservas_vencimiento_idx (every live hold of every event)
--   while the statistics said few holds were live.
-- - reservar_lugares_cliente: 0014's reservar_lugares plus four parameters (address, token hash,
--   the two caps; 0 = no cap) and two refusals, LIMITE_POR_DISPOSITIVO and LIMITE_POR_IP, whose
--   `detalle` is '<cap>,<places held>,<seconds until the earliest of them ends>'. The caller
--   puts the token hash in a guest's `comprador` key ('c:<e-mail>#<hash>'), so a hold with the
--   same e-mail from another browser is a hold of its own and never replaces this one.
-- - reservar_lugares stays for the previous release's processes during a rolling deploy (README
--   "Writing a migration"); a later release drops it.
ALTER TABLE "reservas" ADD COLUMN "cliente_ip" text;--> statement-breakpoint
ALTER TABLE "reservas" ADD COLUMN "cliente_dispositivo" text;--> statement-breakpoint
ALTER TABLE "reservas" ADD COLUMN "cliente_ip_activo" text GENERATED ALWAYS AS (CASE WHEN estado = 'activa' AND usuario_id IS NULL THEN evento_id::text || '|' || cliente_ip END) STORED;--> statement-breakpoint
ALTER TABLE "reservas" ADD COLUMN "cliente_dispositivo_activo" text GENERATED ALWAYS AS (CASE WHEN estado = 'activa' AND usuario_id IS NULL THEN evento_id::text || '|' || cliente_dispositivo END) STORED;--> statement-breakpoint
CREATE INDEX "reservas_cliente_ip_activo_idx" ON "reservas" USING btree ("cliente_ip_activo") WHERE cliente_ip_activo is not null;--> statement-breakpoint
CREATE INDEX "reservas_cliente_dispositivo_activo_idx" ON "reservas" USING btree ("cliente_dispositivo_activo") WHERE cliente_dispositivo_activo is not null;--> statement-breakpoint
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
  v_lugares integer[];
  v_tope integer;
  v_apartados integer;
  v_vence timestamptz;
  -- The buyer's key while a hold is live (reservas.comprador_activo).
  v_activo text := p_evento::text || ':' || p_comprador;
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
