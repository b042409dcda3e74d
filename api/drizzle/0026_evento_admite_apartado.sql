-- src/db/functions/evento_admite_apartado.sql
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
--> statement-breakpoint
-- src/db/functions/mejores_lugares_cliente.sql
CREATE OR REPLACE FUNCTION mejores_lugares_cliente(
  p_reserva uuid, p_evento integer, p_usuario uuid, p_nombre text, p_correo text, p_comprador text,
  p_categoria text, p_seccion integer, p_cantidad integer, p_separados boolean, p_silla boolean, p_segundos double precision,
  p_ip text, p_dispositivo text, p_max_ip integer, p_max_dispositivo integer,
  OUT fecha timestamptz, OUT seccion_id integer, OUT asientos_liberados integer[], OUT generales_liberadas integer[],
  OUT rechazo text, OUT detalle text, OUT asientos integer[], OUT propuesta boolean
) LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
SET enable_seqscan = off
AS $$
DECLARE
  v_permitir_solo boolean;
  v_mia uuid;
  v_sec record;
  v_isla record;
  v_bloque record;
  v_fila integer;
  v_fila1 integer;
  v_st1 integer;
  v_ids1 integer[];
  -- Row locks taken by this statement so far, and whether the best rows were all busy.
  v_bloqueos integer := 0;
  v_ocupadas boolean;
  v_intento integer;
  v_resto integer;
  v_k integer;
  v_st integer;
  v_ids integer[];
  v_split_ids integer[];
  v_split_sec integer;
  v_mesas integer[];
  v_hold record;
  v_categoria integer;
BEGIN
  propuesta := false;
  SELECT a.permitir_solo, a.rechazo, a.detalle INTO v_permitir_solo, rechazo, detalle
    FROM evento_admite_apartado(p_evento, p_cantidad) a;
  IF rechazo IS NOT NULL THEN
    RETURN;
  END IF;
  SELECT ce.id INTO v_categoria FROM categorias_evento ce WHERE ce.evento_id = p_evento AND ce.nombre = p_categoria;
  IF NOT FOUND THEN
    rechazo := 'CATEGORIA_NO_ENCONTRADA'; RETURN;
  END IF;
  IF p_seccion IS NOT NULL AND NOT EXISTS (SELECT 1 FROM evento_secciones es WHERE es.evento_id = p_evento AND es.seccion_id = p_seccion) THEN
    rechazo := 'SECCION_NO_ENCONTRADA'; RETURN;
  END IF;

  FOR v_intento IN 1..5 LOOP
    -- The buyer's live hold is given back by the hold below, so its seats count as free.
    v_mia := (SELECT r.id FROM reservas r WHERE r.comprador_activo = p_evento::text || ':' || p_comprador);
    asientos := NULL;
    v_ocupadas := false;
    v_split_ids := NULL;
    v_mesas := '{}';
    -- Sections holding seats of the category, best first.
    FOR v_sec IN
      SELECT s.id, s.tipo FROM secciones s
       WHERE s.id IN (SELECT es.seccion_id FROM evento_secciones es WHERE es.evento_id = p_evento)
         AND s.tipo <> 'general' AND (p_seccion IS NULL OR s.id = p_seccion)
       ORDER BY s.rango, s.orden, s.id
    LOOP
      IF v_sec.tipo = 'mesa' THEN
        -- Table mode: a whole free table of exactly the places asked for, the best table first
        -- (among the best few, the first whose row lock is free: see below).
        v_fila1 := NULL;
        FOR v_bloque IN
          SELECT ea.fila_id, array_agg(ea.id ORDER BY ea.numero) AS ids
            FROM evento_asientos ea JOIN filas f ON f.id = ea.fila_id
           WHERE ea.evento_id = p_evento AND ea.seccion_id = v_sec.id AND ea.categoria_evento_id = v_categoria
           GROUP BY ea.fila_id, f.orden
          HAVING count(*) = p_cantidad
             AND bool_and(ea.estado = 'disponible' AND (ea.hold_expires_at IS NULL OR ea.hold_expires_at <= now() OR coalesce(ea.reserva_id = v_mia, false)))
           ORDER BY f.orden, ea.fila_id LIMIT 8
        LOOP
          IF v_fila1 IS NULL THEN
            v_fila1 := v_bloque.fila_id; v_ids1 := v_bloque.ids;
          END IF;
          IF pg_try_advisory_xact_lock(hashtext('fila'), v_bloque.fila_id) THEN
            v_bloqueos := v_bloqueos + 1;
            asientos := v_bloque.ids; EXIT;
          END IF;
        END LOOP;
        IF asientos IS NULL AND v_fila1 IS NOT NULL THEN
          -- All busy: wait for the best one, unless this statement holds a row lock already
          -- (waiting then could close a circle with another hold): pick again instead.
          IF v_bloqueos > 0 THEN
            v_ocupadas := true; EXIT;
          END IF;
          PERFORM pg_advisory_xact_lock(hashtext('fila'), v_fila1);
          v_bloqueos := v_bloqueos + 1;
          asientos := v_ids1;
        END IF;
        IF asientos IS NOT NULL THEN
          seccion_id := v_sec.id; EXIT;
        END IF;
        v_mesas := v_mesas || ARRAY(SELECT DISTINCT count(*)::int FROM evento_asientos ea
                                     WHERE ea.evento_id = p_evento AND ea.seccion_id = v_sec.id AND ea.categoria_evento_id = v_categoria
                                     GROUP BY ea.fila_id);
        CONTINUE;
      END IF;
      -- Numbered rows: runs of free seats of the category (an island per run); per row, the block
      -- nearest the row's centre that leaves no seat alone; the best rows first. A crowd asking
      -- at once is spread over rows instead of racing for one block: of the best 8 rows, the
      -- first whose row lock (the one every seat hold takes, in reservar_lugares_cliente) is free
      -- right now is taken; when all are busy, the best one is waited for.
      v_fila1 := NULL;
      v_fila := NULL;
      FOR v_bloque IN
      SELECT x.fila_id, x.st FROM (
      SELECT DISTINCT ON (i.fila_id) i.fila_id, c.st, f.orden, abs((c.st + (p_cantidad - 1) / 2.0) - (i.fmin + i.fmax) / 2.0) AS dist
        FROM (
          SELECT l.fila_id, min(l.numero) AS a, max(l.numero) AS b, min(l.fmin) AS fmin, min(l.fmax) AS fmax
            FROM (
              SELECT t.fila_id, t.numero, t.fmin, t.fmax, t.acc,
                     t.numero - row_number() OVER (PARTITION BY t.fila_id ORDER BY t.numero) AS isla
                FROM (
                  SELECT ea.fila_id, ea.numero, ea.accesibilidad AS acc,
                         ea.estado = 'disponible' AND (ea.hold_expires_at IS NULL OR ea.hold_expires_at <= now() OR coalesce(ea.reserva_id = v_mia, false))
                           AND (CASE WHEN p_silla THEN ea.accesibilidad IS NOT NULL ELSE ea.accesibilidad IS NULL END) AS libre,
                         min(ea.numero) OVER (PARTITION BY ea.fila_id) AS fmin, max(ea.numero) OVER (PARTITION BY ea.fila_id) AS fmax
                    FROM evento_asientos ea
                   WHERE ea.evento_id = p_evento AND ea.seccion_id = v_sec.id AND ea.categoria_evento_id = v_categoria
                ) t
               WHERE t.libre
            ) l
           GROUP BY l.fila_id, l.isla
          HAVING count(*) >= p_cantidad AND (NOT p_silla OR bool_or(l.acc = 'silla_de_ruedas'))
        ) i
        JOIN filas f ON f.id = i.fila_id
        CROSS JOIN LATERAL (
          SELECT DISTINCT v.st FROM unnest(ARRAY[
              greatest(i.a, least(i.b - p_cantidad + 1, round((i.fmin + i.fmax) / 2.0 - (p_cantidad - 1) / 2.0)::int)),
              i.a, i.b - p_cantidad + 1, i.a + 2, i.b - p_cantidad - 1]) AS s0
           CROSS JOIN LATERAL (VALUES (s0 - 1), (s0), (s0 + 1)) AS v(st)
           WHERE v.st BETWEEN i.a AND i.b - p_cantidad + 1
        ) c
       WHERE (v_permitir_solo OR NOT (
                (c.st - i.a = 1 AND i.a > i.fmin) OR (i.b - (c.st + p_cantidad - 1) = 1 AND i.b < i.fmax)))
         -- A wheelchair request: a block of wheelchair and companion places holding a wheelchair place.
         AND (NOT p_silla OR EXISTS (
                SELECT 1 FROM evento_asientos w WHERE w.evento_id = p_evento AND w.seccion_id = v_sec.id AND w.fila_id = i.fila_id
                   AND w.numero BETWEEN c.st AND c.st + p_cantidad - 1 AND w.accesibilidad = 'silla_de_ruedas'))
       ORDER BY i.fila_id, abs((c.st + (p_cantidad - 1) / 2.0) - (i.fmin + i.fmax) / 2.0), c.st
      ) x ORDER BY x.orden, x.dist, x.st, x.fila_id LIMIT 8
      LOOP
        IF v_fila1 IS NULL THEN
          v_fila1 := v_bloque.fila_id; v_st1 := v_bloque.st;
        END IF;
        IF pg_try_advisory_xact_lock(hashtext('fila'), v_bloque.fila_id) THEN
          v_bloqueos := v_bloqueos + 1;
          -- A new statement, so a new snapshot: with the row's lock held it sees every hold of the
          -- row, and the block is still free unless a hold committed since the pick.
          IF (SELECT count(*) FROM evento_asientos ea
               WHERE ea.evento_id = p_evento AND ea.seccion_id = v_sec.id AND ea.fila_id = v_bloque.fila_id
                 AND ea.numero BETWEEN v_bloque.st AND v_bloque.st + p_cantidad - 1
                 AND ea.estado = 'disponible' AND (ea.hold_expires_at IS NULL OR ea.hold_expires_at <= now() OR coalesce(ea.reserva_id = v_mia, false))) = p_cantidad THEN
            v_fila := v_bloque.fila_id; v_st := v_bloque.st; EXIT;
          END IF;
        END IF;
      END LOOP;
      IF v_fila IS NULL AND v_fila1 IS NOT NULL THEN
        -- As for tables: wait for the best row only while holding no row lock.
        IF v_bloqueos > 0 THEN
          v_ocupadas := true; EXIT;
        END IF;
        PERFORM pg_advisory_xact_lock(hashtext('fila'), v_fila1);
        v_bloqueos := v_bloqueos + 1;
        v_fila := v_fila1; v_st := v_st1;
      END IF;
      IF v_fila IS NOT NULL THEN
        asientos := ARRAY(SELECT ea.id FROM evento_asientos ea
                           WHERE ea.evento_id = p_evento AND ea.seccion_id = v_sec.id AND ea.fila_id = v_fila
                             AND ea.numero BETWEEN v_st AND v_st + p_cantidad - 1 ORDER BY ea.numero);
        seccion_id := v_sec.id;
        EXIT;
      END IF;
      -- No block here: the best split of this section (largest runs first, best row, nearest the
      -- centre), kept when it is the first section able to seat everybody.
      IF v_split_ids IS NULL AND NOT p_silla THEN
        v_resto := p_cantidad;
        v_ids := '{}';
        FOR v_isla IN
          SELECT i.fila_id, i.a, i.b, i.fmin, i.fmax FROM (
            SELECT l.fila_id, min(l.numero) AS a, max(l.numero) AS b, min(l.fmin) AS fmin, min(l.fmax) AS fmax
              FROM (
                SELECT t.fila_id, t.numero, t.fmin, t.fmax, t.numero - row_number() OVER (PARTITION BY t.fila_id ORDER BY t.numero) AS isla
                  FROM (
                    SELECT ea.fila_id, ea.numero,
                           ea.estado = 'disponible' AND (ea.hold_expires_at IS NULL OR ea.hold_expires_at <= now() OR coalesce(ea.reserva_id = v_mia, false))
                             AND ea.accesibilidad IS NULL AS libre,
                           min(ea.numero) OVER (PARTITION BY ea.fila_id) AS fmin, max(ea.numero) OVER (PARTITION BY ea.fila_id) AS fmax
                      FROM evento_asientos ea
                     WHERE ea.evento_id = p_evento AND ea.seccion_id = v_sec.id AND ea.categoria_evento_id = v_categoria
                  ) t WHERE t.libre
              ) l GROUP BY l.fila_id, l.isla
          ) i JOIN filas f ON f.id = i.fila_id
          ORDER BY i.b - i.a DESC, f.orden, abs((i.a + i.b) / 2.0 - (i.fmin + i.fmax) / 2.0)
        LOOP
          EXIT WHEN v_resto = 0;
          v_k := least(v_resto, v_isla.b - v_isla.a + 1);
          v_st := v_isla.a;
          IF NOT v_permitir_solo AND (v_isla.b - v_isla.a + 1) - v_k = 1 THEN
            -- Taking all but one: leave that one at the row's end, or take one fewer.
            IF v_isla.b = v_isla.fmax THEN v_st := v_isla.a;
            ELSIF v_isla.a = v_isla.fmin THEN v_st := v_isla.a + 1;
            ELSE v_k := v_k - 1;
            END IF;
          END IF;
          CONTINUE WHEN v_k = 0;
          v_ids := v_ids || ARRAY(SELECT ea.id FROM evento_asientos ea
                                   WHERE ea.evento_id = p_evento AND ea.seccion_id = v_sec.id AND ea.fila_id = v_isla.fila_id
                                     AND ea.numero BETWEEN v_st AND v_st + v_k - 1 ORDER BY ea.numero);
          v_resto := v_resto - v_k;
        END LOOP;
        IF v_resto = 0 THEN
          v_split_ids := v_ids; v_split_sec := v_sec.id;
        END IF;
      END IF;
    END LOOP;

    IF v_ocupadas THEN
      CONTINUE WHEN v_intento < 5;
      rechazo := 'ASIENTOS_NO_DISPONIBLES'; RETURN;
    END IF;
    IF asientos IS NULL THEN
      IF v_split_ids IS NULL THEN
        IF array_length(v_mesas, 1) > 0 THEN
          rechazo := 'MESA_COMPLETA'; detalle := array_to_string(ARRAY(SELECT DISTINCT m FROM unnest(v_mesas) m ORDER BY 1), ',');
        ELSE
          rechazo := CASE WHEN p_silla THEN 'SIN_SILLA_DE_RUEDAS' ELSE 'SIN_LUGARES_JUNTOS' END; detalle := p_cantidad::text;
        END IF;
        RETURN;
      END IF;
      seccion_id := v_split_sec;
      asientos := v_split_ids;
      IF NOT p_separados THEN
        -- No block of p_cantidad: the split is proposed, nothing is held.
        propuesta := true; RETURN;
      END IF;
    END IF;

    SELECT * INTO v_hold FROM reservar_lugares_cliente(p_reserva, p_evento, p_usuario, p_nombre, p_correo, p_comprador, NULL, asientos, p_cantidad,
                                                      p_segundos, p_ip, p_dispositivo, p_max_ip, p_max_dispositivo);
    -- Taken by another hold between the pick and the hold: pick again (the rows locked so far stay locked).
    CONTINUE WHEN v_hold.rechazo IN ('ASIENTOS_NO_DISPONIBLES', 'ASIENTO_SOLO') AND v_intento < 5;
    fecha := v_hold.fecha;
    seccion_id := v_hold.seccion_id;
    asientos_liberados := v_hold.asientos_liberados;
    generales_liberadas := v_hold.generales_liberadas;
    rechazo := v_hold.rechazo;
    detalle := v_hold.detalle;
    RETURN;
  END LOOP;
END $$;
--> statement-breakpoint
-- src/db/functions/reservar_lugares_cliente.sql
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
