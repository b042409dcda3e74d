-- eventos.listado_json: the listing DTO of an event as compact JSON text (key order and
-- formatting of eventoSchema / JSON.stringify; a route test holds it byte-identical to the
-- TypeScript mapping). Recomputed by trigger on every write of the event, and whenever a name
-- it shows (category, artist, venue, city) changes.
CREATE OR REPLACE FUNCTION taquilla_evento_listado_json() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT '{"id":' || NEW.id
    || ',"nombre":' || coalesce(to_json(NEW.nombre)::text, 'null')
    || ',"descripcion":' || coalesce(to_json(NEW.descripcion)::text, 'null')
    || ',"fecha":"' || to_char(NEW.fecha AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'
    || ',"zonaHoraria":' || coalesce(to_json(NEW.zona_horaria)::text, 'null')
    || ',"imagenBanner":' || coalesce(to_json(NEW.imagen_banner)::text, 'null')
    || ',"imagenPromocion":' || coalesce(to_json(NEW.imagen_promocion)::text, 'null')
    || ',"categoria":{"id":' || c.id || ',"nombre":' || coalesce(to_json(c.nombre)::text, 'null') || '}'
    || ',"artista":{"nombre":' || coalesce(to_json(a.nombre)::text, 'null') || '}'
    || ',"recinto":{"id":' || r.id || ',"nombre":' || coalesce(to_json(r.nombre)::text, 'null') || ',"direccion":' || coalesce(to_json(r.direccion)::text, 'null') || '}'
    || ',"ciudad":{"nombre":' || coalesce(to_json(ci.nombre)::text, 'null') || '}'
    || ',"mostrarWeb":' || NEW.mostrar_web::text
    || ',"limiteDeAsientos":' || NEW.limite_de_asientos
    || ',"usoDeTarjeta":' || NEW.uso_de_tarjeta_bps
    || ',"usoDeServicio":' || NEW.uso_de_servicio_bps
    || ',"ivaRate":' || NEW.iva_rate_bps
    || ',"isIvaApplied":' || NEW.is_iva_applied::text
    || ',"udsPorCategoria":' || NEW.uds_por_categoria::text
    || ',"precioDesde":' || coalesce(NEW.precio_desde::text, 'null')
    || '}'
  INTO NEW.listado_json
  FROM categorias c, artistas a, recintos r, ciudades ci
  WHERE c.id = NEW.categoria_id AND a.id = NEW.artista_id AND r.id = NEW.recinto_id AND ci.id = r.ciudad_id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER eventos_listado_json BEFORE INSERT OR UPDATE ON eventos FOR EACH ROW EXECUTE FUNCTION taquilla_evento_listado_json();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION taquilla_refresh_listados() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Any UPDATE of the event row re-runs eventos_listado_json.
  IF TG_TABLE_NAME = 'categorias' THEN
    UPDATE eventos SET listado_json = NULL WHERE categoria_id = NEW.id;
  ELSIF TG_TABLE_NAME = 'artistas' THEN
    UPDATE eventos SET listado_json = NULL WHERE artista_id = NEW.id;
  ELSIF TG_TABLE_NAME = 'recintos' THEN
    UPDATE eventos SET listado_json = NULL WHERE recinto_id = NEW.id;
  ELSIF TG_TABLE_NAME = 'ciudades' THEN
    UPDATE eventos SET listado_json = NULL WHERE recinto_id IN (SELECT id FROM recintos WHERE ciudad_id = NEW.id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER categorias_refresh_listados AFTER UPDATE OF nombre ON categorias FOR EACH ROW EXECUTE FUNCTION taquilla_refresh_listados();
--> statement-breakpoint
CREATE TRIGGER artistas_refresh_listados AFTER UPDATE OF nombre ON artistas FOR EACH ROW EXECUTE FUNCTION taquilla_refresh_listados();
--> statement-breakpoint
CREATE TRIGGER recintos_refresh_listados AFTER UPDATE OF nombre, direccion, ciudad_id ON recintos FOR EACH ROW EXECUTE FUNCTION taquilla_refresh_listados();
--> statement-breakpoint
CREATE TRIGGER ciudades_refresh_listados AFTER UPDATE OF nombre ON ciudades FOR EACH ROW EXECUTE FUNCTION taquilla_refresh_listados();
--> statement-breakpoint
UPDATE eventos SET listado_json = NULL;
