-- The listing DTO is mapped once, in TypeScript (catalog.service.ts): the JSON projection kept by
-- migration 0003's triggers goes. What replaces it for speed is a per-process cache of the
-- listing (catalog.cache.ts), dropped when PostgreSQL announces a catalogue change on the
-- 'catalogo' channel: any statement that writes an event or a name the listing shows.
DROP TRIGGER IF EXISTS eventos_listado_json ON eventos;
--> statement-breakpoint
DROP TRIGGER IF EXISTS categorias_refresh_listados ON categorias;
--> statement-breakpoint
DROP TRIGGER IF EXISTS artistas_refresh_listados ON artistas;
--> statement-breakpoint
DROP TRIGGER IF EXISTS recintos_refresh_listados ON recintos;
--> statement-breakpoint
DROP TRIGGER IF EXISTS ciudades_refresh_listados ON ciudades;
--> statement-breakpoint
DROP FUNCTION IF EXISTS taquilla_evento_listado_json();
--> statement-breakpoint
DROP FUNCTION IF EXISTS taquilla_refresh_listados();
--> statement-breakpoint
ALTER TABLE "eventos" DROP COLUMN "listado_json";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION taquilla_catalogo_cambio() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogo', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER eventos_catalogo_cambio AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON eventos FOR EACH STATEMENT EXECUTE FUNCTION taquilla_catalogo_cambio();
--> statement-breakpoint
CREATE TRIGGER categorias_catalogo_cambio AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categorias FOR EACH STATEMENT EXECUTE FUNCTION taquilla_catalogo_cambio();
--> statement-breakpoint
CREATE TRIGGER artistas_catalogo_cambio AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON artistas FOR EACH STATEMENT EXECUTE FUNCTION taquilla_catalogo_cambio();
--> statement-breakpoint
CREATE TRIGGER recintos_catalogo_cambio AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON recintos FOR EACH STATEMENT EXECUTE FUNCTION taquilla_catalogo_cambio();
--> statement-breakpoint
CREATE TRIGGER ciudades_catalogo_cambio AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ciudades FOR EACH STATEMENT EXECUTE FUNCTION taquilla_catalogo_cambio();
