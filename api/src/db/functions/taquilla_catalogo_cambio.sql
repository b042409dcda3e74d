CREATE OR REPLACE FUNCTION taquilla_catalogo_cambio() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogo', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
