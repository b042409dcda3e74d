CREATE TABLE "facturas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reserva_id" uuid NOT NULL,
	"estado" text DEFAULT 'solicitada' NOT NULL,
	"rfc" text NOT NULL,
	"razon_social" text NOT NULL,
	"regimen_fiscal" text NOT NULL,
	"codigo_postal" text NOT NULL,
	"uso_cfdi" text NOT NULL,
	"correo" text NOT NULL,
	"total" integer NOT NULL,
	"proveedor" text NOT NULL,
	"proveedor_id" text,
	"uuid_fiscal" text,
	"xml" text,
	"pdf" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"emitida_en" timestamp with time zone,
	CONSTRAINT "facturas_emitida_completa" CHECK (estado <> 'emitida' or (uuid_fiscal is not null and xml is not null and pdf is not null and emitida_en is not null))
);
--> statement-breakpoint
ALTER TABLE "facturas" ADD CONSTRAINT "facturas_reserva_id_reservas_id_fk" FOREIGN KEY ("reserva_id") REFERENCES "public"."reservas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "facturas_reserva_uq" ON "facturas" USING btree ("reserva_id");--> statement-breakpoint
CREATE UNIQUE INDEX "facturas_uuid_fiscal_uq" ON "facturas" USING btree ("uuid_fiscal");--> statement-breakpoint
CREATE INDEX "facturas_rfc_idx" ON "facturas" USING btree ("rfc");