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
          -- All busy: wait for the best one (esperar_fila), or pick again.
          v_ocupadas := NOT esperar_fila(v_fila1, v_bloqueos);
          EXIT WHEN v_ocupadas;
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
        -- As for tables: wait for the best row (esperar_fila), or pick again.
        v_ocupadas := NOT esperar_fila(v_fila1, v_bloqueos);
        EXIT WHEN v_ocupadas;
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
