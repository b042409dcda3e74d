DROP INDEX "evento_asientos_seccion_idx";--> statement-breakpoint
ALTER TABLE "eventos" ADD COLUMN "precio_desde" integer;--> statement-breakpoint
CREATE INDEX "evento_asientos_seccion_idx" ON "evento_asientos" USING btree ("evento_id","seccion_id","fila_id","numero");--> statement-breakpoint
UPDATE "eventos" e SET "precio_desde" = least(
  (SELECT min(precio) FROM "evento_asientos" WHERE evento_id = e.id AND precio > 0),
  (SELECT min(precio_especial) FROM "evento_secciones" WHERE evento_id = e.id AND precio_especial > 0 AND capacidad > 0));
