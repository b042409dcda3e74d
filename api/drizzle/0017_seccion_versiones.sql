CREATE TABLE "seccion_versiones" (
	"evento_id" integer NOT NULL,
	"seccion_id" integer NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "seccion_versiones_evento_id_seccion_id_pk" PRIMARY KEY("evento_id","seccion_id")
);
--> statement-breakpoint
ALTER TABLE "seccion_versiones" ADD CONSTRAINT "seccion_versiones_evento_id_eventos_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."eventos"("id") ON DELETE cascade ON UPDATE no action;