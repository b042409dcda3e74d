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

-- A hold waiting for a cash or SPEI payment is not replaced by a new hold of the same buyer:
-- reservar_lugares_cliente cancels the buyer's live hold before inserting the new one, so the
-- insert checks whether the hold just cancelled (in this transaction) had a reference still
-- payable, and refuses with TQ409 'PAGO_PENDIENTE': the whole call is undone and
-- reservas.repository.ts holdRefusal reads the code. Cancelling such a hold on purpose inserts
-- nothing and stays allowed.
CREATE OR REPLACE FUNCTION reservas_pago_pendiente_no_se_reemplaza() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.comprador IS NOT NULL AND EXISTS (
    SELECT 1 FROM reservas r
     WHERE r.evento_id = NEW.evento_id AND r.comprador = NEW.comprador AND r.pago_pendiente IS NOT NULL
       AND r.id <> NEW.id AND r.estado = 'cancelada' AND r.updated_at = now() AND r.fecha_expiracion > now()
  ) THEN
    RAISE EXCEPTION 'PAGO_PENDIENTE' USING ERRCODE = 'TQ409';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER reservas_pago_pendiente_no_se_reemplaza BEFORE INSERT ON reservas
  FOR EACH ROW EXECUTE FUNCTION reservas_pago_pendiente_no_se_reemplaza();
