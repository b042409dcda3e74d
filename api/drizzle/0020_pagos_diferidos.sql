ALTER TABLE "eventos" ADD COLUMN "planes_msi" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "eventos" ADD COLUMN "plazo_efectivo_minutos" integer;--> statement-breakpoint
ALTER TABLE "eventos" ADD COLUMN "plazo_spei_minutos" integer;--> statement-breakpoint
ALTER TABLE "reservas" ADD COLUMN "pago_pendiente" text;--> statement-breakpoint
ALTER TABLE "reservas" ADD COLUMN "aviso_vencimiento_en" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_cargos" ADD COLUMN "metodo" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_cargos" ADD COLUMN "referencia" text;--> statement-breakpoint
ALTER TABLE "sandbox_cargos" ADD COLUMN "clabe" text;--> statement-breakpoint
ALTER TABLE "sandbox_cargos" ADD COLUMN "vence_en" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_tarjetas" ADD COLUMN "tipo" text DEFAULT 'credit' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_tarjetas" ADD COLUMN "meses" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_tokens" ADD COLUMN "tipo" text DEFAULT 'credit' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_tokens" ADD COLUMN "meses" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "reservas_pago_pendiente_comprador_idx" ON "reservas" USING btree ("evento_id","comprador") WHERE pago_pendiente is not null;--> statement-breakpoint
CREATE INDEX "reservas_pago_vencido_idx" ON "reservas" USING btree ("fecha_expiracion") WHERE pago_pendiente is not null and aviso_vencimiento_en is null;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_cargos_referencia_uq" ON "sandbox_cargos" USING btree ("referencia");--> statement-breakpoint
