CREATE TABLE "telemetria_remotos" (
	"remoto" text NOT NULL,
	"version" text NOT NULL,
	"minuto" timestamp with time zone NOT NULL,
	"sesiones" integer DEFAULT 0 NOT NULL,
	"sesiones_con_error" integer DEFAULT 0 NOT NULL,
	"errores_carga" integer DEFAULT 0 NOT NULL,
	"errores_render" integer DEFAULT 0 NOT NULL,
	"eventos_sin_oyente" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "telemetria_remotos_remoto_version_minuto_pk" PRIMARY KEY("remoto","version","minuto")
);
--> statement-breakpoint
CREATE TABLE "telemetria_vitales" (
	"remoto" text NOT NULL,
	"version" text NOT NULL,
	"dia" timestamp with time zone NOT NULL,
	"metrica" text NOT NULL,
	"cubeta" smallint NOT NULL,
	"cantidad" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "telemetria_vitales_remoto_version_dia_metrica_cubeta_pk" PRIMARY KEY("remoto","version","dia","metrica","cubeta")
);
