ALTER TABLE "reservas" ADD COLUMN "comprador" text;--> statement-breakpoint
ALTER TABLE "reservas" ADD COLUMN "seccion_id" integer;--> statement-breakpoint
ALTER TABLE "reservas" ADD COLUMN "cantidad" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "reservas_comprador_activa_uq" ON "reservas" USING btree ("evento_id","comprador") WHERE estado = 'activa';--> statement-breakpoint
CREATE INDEX "reservas_vencimiento_idx" ON "reservas" USING btree ("fecha_expiracion") WHERE estado = 'activa';