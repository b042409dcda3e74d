CREATE OR REPLACE FUNCTION sala_espera_unirse(
  p_evento integer, p_navegador text, p_ip text, p_reto text, p_max_por_ip integer,
  OUT rechazo text, OUT lugar_id bigint, OUT numero bigint, OUT estado text, OUT pase_expira_en timestamptz,
  OUT inicio timestamptz, OUT ritmo_por_minuto integer, OUT pausada boolean, OUT agotado_en timestamptz,
  OUT sorteada boolean, OUT admitidos_hasta bigint
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_n integer;
BEGIN
  SELECT s.inicio, s.ritmo_por_minuto, s.pausada, s.agotado_en, s.sorteada, s.admitidos_hasta
    INTO inicio, ritmo_por_minuto, pausada, agotado_en, sorteada, admitidos_hasta
    FROM salas_espera s WHERE s.evento_id = p_evento;
  IF NOT FOUND THEN
    rechazo := 'SIN_SALA';
    RETURN;
  END IF;
  SELECT l.id, l.numero, l.estado, l.pase_expira_en INTO lugar_id, numero, estado, pase_expira_en
    FROM sala_espera_lugares l WHERE l.evento_id = p_evento AND l.navegador = p_navegador;
  IF FOUND THEN
    RETURN;
  END IF;
  IF p_max_por_ip > 0 THEN
    PERFORM pg_advisory_xact_lock(7462, hashtext(p_ip));
    SELECT count(*) INTO v_n FROM sala_espera_lugares l WHERE l.evento_id = p_evento AND l.ip = p_ip;
    IF v_n >= p_max_por_ip THEN
      rechazo := 'TOPE_IP';
      RETURN;
    END IF;
  END IF;
  INSERT INTO sala_espera_lugares (evento_id, navegador, ip, reto, numero)
    VALUES (p_evento, p_navegador, p_ip, p_reto, CASE WHEN sorteada THEN nextval(format('sala_espera_numero_%s', p_evento)) END)
    ON CONFLICT DO NOTHING
    RETURNING id, sala_espera_lugares.numero INTO lugar_id, numero;
  IF lugar_id IS NULL THEN
    rechazo := 'RETO_USADO';
    RETURN;
  END IF;
  estado := 'esperando';
END;
$$;
