CREATE TABLE "sala_espera_auditoria" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sala_espera_auditoria_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"evento_id" integer NOT NULL,
	"en" timestamp with time zone DEFAULT now() NOT NULL,
	"accion" text NOT NULL,
	"detalle" text NOT NULL,
	"actor" text NOT NULL,
	"motivo" text
);
--> statement-breakpoint
CREATE TABLE "sala_espera_lugares" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sala_espera_lugares_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"evento_id" integer NOT NULL,
	"navegador" text NOT NULL,
	"ip" text NOT NULL,
	"reto" text NOT NULL,
	"numero" bigint,
	"estado" text DEFAULT 'esperando' NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"admitido_en" timestamp with time zone,
	"pase_expira_en" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "salas_espera" (
	"evento_id" integer PRIMARY KEY NOT NULL,
	"inicio" timestamp with time zone NOT NULL,
	"ritmo_por_minuto" integer,
	"pausada" boolean DEFAULT false NOT NULL,
	"credito" double precision DEFAULT 0 NOT NULL,
	"ultimo_tick" timestamp with time zone,
	"agotado_en" timestamp with time zone,
	"sorteada" boolean DEFAULT false NOT NULL,
	"admitidos_hasta" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sala_espera_lugares" ADD CONSTRAINT "sala_espera_lugares_evento_id_eventos_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."eventos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salas_espera" ADD CONSTRAINT "salas_espera_evento_id_eventos_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."eventos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sala_espera_lugares_navegador_uq" ON "sala_espera_lugares" USING btree ("evento_id","navegador");--> statement-breakpoint
CREATE UNIQUE INDEX "sala_espera_lugares_reto_uq" ON "sala_espera_lugares" USING btree ("reto");--> statement-breakpoint
CREATE INDEX "sala_espera_lugares_numero_idx" ON "sala_espera_lugares" USING btree ("evento_id","numero") WHERE estado = 'esperando';--> statement-breakpoint
CREATE INDEX "sala_espera_lugares_pase_idx" ON "sala_espera_lugares" USING btree ("evento_id","pase_expira_en") WHERE estado in ('admitido', 'usado');--> statement-breakpoint
CREATE INDEX "sala_espera_lugares_ip_idx" ON "sala_espera_lugares" USING btree ("evento_id","ip");