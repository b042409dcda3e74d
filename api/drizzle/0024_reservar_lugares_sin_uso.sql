-- reservar_lugares went out of use when reservar_lugares_cliente (0015) took its place; nothing calls it.
DROP FUNCTION IF EXISTS reservar_lugares(uuid,integer,uuid,text,text,text,integer,integer[],integer,double precision);
