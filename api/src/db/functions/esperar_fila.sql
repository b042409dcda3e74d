CREATE OR REPLACE FUNCTION esperar_fila(p_fila integer, p_bloqueos integer) RETURNS boolean
LANGUAGE plpgsql
AS $$
BEGIN
  -- Best available, when the best rows' locks (the one every seat hold takes, in
  -- reservar_lugares_cliente) are all busy: wait for the best row's lock, unless this statement
  -- holds a row lock already (p_bloqueos > 0): waiting then could close a circle with another
  -- hold, so the caller picks again instead (false).
  IF p_bloqueos > 0 THEN
    RETURN false;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('fila'), p_fila);
  RETURN true;
END;
$$;
