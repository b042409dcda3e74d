CREATE TABLE "sandbox_cargos" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text,
	"cliente_id" text,
	"monto" integer NOT NULL,
	"descripcion" text NOT NULL,
	"status" text NOT NULL,
	"error_code" integer,
	"autorizacion" text,
	"tarjeta" jsonb NOT NULL,
	"resultado" text NOT NULL,
	"use_3ds" boolean NOT NULL,
	"redirect_url" text NOT NULL,
	"meses_sin_intereses" integer,
	"reembolsado_en" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_clientes" (
	"id" text PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"apellidos" text,
	"email" text NOT NULL,
	"external_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_clientes_external_id_unique" UNIQUE("external_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_tarjetas" (
	"id" text PRIMARY KEY NOT NULL,
	"cliente_id" text NOT NULL,
	"ultimos4" text NOT NULL,
	"longitud" integer NOT NULL,
	"marca" text NOT NULL,
	"titular" text NOT NULL,
	"mes_expiracion" text NOT NULL,
	"anio_expiracion" text NOT NULL,
	"resultado" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"ultimos4" text NOT NULL,
	"longitud" integer NOT NULL,
	"marca" text NOT NULL,
	"titular" text NOT NULL,
	"mes_expiracion" text NOT NULL,
	"anio_expiracion" text NOT NULL,
	"resultado" text NOT NULL,
	"usado_en" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_tarjetas" ADD CONSTRAINT "sandbox_tarjetas_cliente_id_sandbox_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."sandbox_clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_cargos_order_uq" ON "sandbox_cargos" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "sandbox_tarjetas_cliente_idx" ON "sandbox_tarjetas" USING btree ("cliente_id");