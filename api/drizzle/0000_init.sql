CREATE TABLE "auth_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'pendiente' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categorias_evento" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "categorias_evento_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"evento_id" integer NOT NULL,
	"nombre" text NOT NULL,
	"color" text NOT NULL,
	"cargo_por_categoria_bps" integer,
	"orden" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evento_secciones" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "evento_secciones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"evento_id" integer NOT NULL,
	"seccion_id" integer NOT NULL,
	"categoria_evento_id" integer,
	"precio_especial" integer DEFAULT 0 NOT NULL,
	"capacidad" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "eventos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "eventos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nombre" text NOT NULL,
	"descripcion" text DEFAULT '' NOT NULL,
	"fecha" timestamp with time zone NOT NULL,
	"zona_horaria" text DEFAULT 'America/Mexico_City' NOT NULL,
	"imagen_banner" text,
	"imagen_promocion" text,
	"categoria_id" integer NOT NULL,
	"artista_id" integer NOT NULL,
	"recinto_id" integer NOT NULL,
	"mostrar_web" boolean DEFAULT true NOT NULL,
	"limite_de_asientos" integer DEFAULT 10 NOT NULL,
	"uso_de_tarjeta_bps" integer DEFAULT 0 NOT NULL,
	"uso_de_servicio_bps" integer DEFAULT 0 NOT NULL,
	"iva_rate_bps" integer DEFAULT 1600 NOT NULL,
	"is_iva_applied" boolean DEFAULT false NOT NULL,
	"uds_por_categoria" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "artistas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "artistas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nombre" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "asientos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "asientos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"fila_id" integer NOT NULL,
	"numero" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bloques" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bloques_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"recinto_id" integer NOT NULL,
	"nombre" text NOT NULL,
	"orden" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "boletos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reserva_id" uuid NOT NULL,
	"cargo_id" uuid,
	"evento_id" integer NOT NULL,
	"evento_asiento_id" integer,
	"lugar_general_id" integer,
	"evento_seccion_id" integer,
	"categoria_evento_id" integer,
	"precio" integer NOT NULL,
	"quemado_uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"usuario_id" uuid,
	"invitado_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "boletos_quemado_uuid_unique" UNIQUE("quemado_uuid")
);
--> statement-breakpoint
CREATE TABLE "cargos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reserva_id" uuid NOT NULL,
	"proveedor" text NOT NULL,
	"proveedor_cargo_id" text NOT NULL,
	"monto" integer NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"metodo_pago" text DEFAULT 'tarjeta' NOT NULL,
	"redirect_url" text,
	"error" text,
	"detalle" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categorias" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "categorias_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nombre" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ciudades" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ciudades_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nombre" text NOT NULL,
	"estado" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evento_asientos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "evento_asientos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"evento_id" integer NOT NULL,
	"asiento_id" integer NOT NULL,
	"seccion_id" integer NOT NULL,
	"fila_id" integer NOT NULL,
	"numero" integer NOT NULL,
	"categoria_evento_id" integer NOT NULL,
	"precio" integer NOT NULL,
	"estado" text DEFAULT 'disponible' NOT NULL,
	"reserva_id" uuid,
	"hold_expires_at" timestamp with time zone,
	CONSTRAINT "evento_asientos_precio_ck" CHECK ("evento_asientos"."precio" >= 0)
);
--> statement-breakpoint
CREATE TABLE "evento_lugares_generales" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "evento_lugares_generales_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"evento_seccion_id" integer NOT NULL,
	"evento_id" integer NOT NULL,
	"seccion_id" integer NOT NULL,
	"estado" text DEFAULT 'disponible' NOT NULL,
	"reserva_id" uuid,
	"hold_expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "filas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "filas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seccion_id" integer NOT NULL,
	"nombre" text NOT NULL,
	"orden" integer NOT NULL,
	"es_mesa" boolean DEFAULT false NOT NULL,
	"zona" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitados" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nombre" text NOT NULL,
	"correo" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "perfiles_pago" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "perfiles_pago_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"usuario_id" uuid NOT NULL,
	"proveedor" text DEFAULT 'sandbox' NOT NULL,
	"id_openpay" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "perfiles_pago_usuario_id_unique" UNIQUE("usuario_id")
);
--> statement-breakpoint
CREATE TABLE "promocion_categorias" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promocion_categorias_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"promocion_id" integer NOT NULL,
	"categoria_evento_id" integer,
	"evento_seccion_id" integer
);
--> statement-breakpoint
CREATE TABLE "promociones" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promociones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"evento_id" integer NOT NULL,
	"nombre" text NOT NULL,
	"tipo" text NOT NULL,
	"porcentaje_bps" integer,
	"cantidad_compra" integer,
	"cantidad_paga" integer,
	"aplica_todo_evento" boolean DEFAULT true NOT NULL,
	"automatica" boolean DEFAULT false NOT NULL,
	"clave" text,
	"activa" boolean DEFAULT true NOT NULL,
	"vigente_desde" timestamp with time zone,
	"vigente_hasta" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "recintos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recintos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nombre" text NOT NULL,
	"direccion" text NOT NULL,
	"ciudad_id" integer NOT NULL,
	"svg" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"evento_id" integer NOT NULL,
	"usuario_id" uuid,
	"invitado_id" uuid,
	"es_general" boolean DEFAULT false NOT NULL,
	"evento_seccion_id" integer,
	"estado" text DEFAULT 'activa' NOT NULL,
	"fecha_expiracion" timestamp with time zone NOT NULL,
	"promocion_id" integer,
	"subtotal" integer,
	"descuento" integer,
	"cargo_servicio" integer,
	"cargo_tarjeta" integer,
	"iva" integer,
	"total" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "secciones" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "secciones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"recinto_id" integer NOT NULL,
	"bloque_id" integer NOT NULL,
	"clave" text NOT NULL,
	"nombre" text NOT NULL,
	"tipo" text NOT NULL,
	"nombre_especial" text,
	"seccion_adicional" boolean DEFAULT false NOT NULL,
	"colores" text[] NOT NULL,
	"uds_bps" integer,
	"orientacion_filas" text DEFAULT 'centro' NOT NULL,
	"orden" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tarjetas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tarjetas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"perfil_pago_id" integer NOT NULL,
	"idtarjeta" text NOT NULL,
	"tarjeta" text NOT NULL,
	"banco" text DEFAULT '' NOT NULL,
	"marca" text NOT NULL,
	"tipo" text DEFAULT 'credit' NOT NULL,
	"nombre_en_tarjeta" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categorias_evento" ADD CONSTRAINT "categorias_evento_evento_id_eventos_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."eventos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evento_secciones" ADD CONSTRAINT "evento_secciones_evento_id_eventos_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."eventos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evento_secciones" ADD CONSTRAINT "evento_secciones_seccion_id_secciones_id_fk" FOREIGN KEY ("seccion_id") REFERENCES "public"."secciones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evento_secciones" ADD CONSTRAINT "evento_secciones_categoria_evento_id_categorias_evento_id_fk" FOREIGN KEY ("categoria_evento_id") REFERENCES "public"."categorias_evento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eventos" ADD CONSTRAINT "eventos_categoria_id_categorias_id_fk" FOREIGN KEY ("categoria_id") REFERENCES "public"."categorias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eventos" ADD CONSTRAINT "eventos_artista_id_artistas_id_fk" FOREIGN KEY ("artista_id") REFERENCES "public"."artistas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eventos" ADD CONSTRAINT "eventos_recinto_id_recintos_id_fk" FOREIGN KEY ("recinto_id") REFERENCES "public"."recintos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asientos" ADD CONSTRAINT "asientos_fila_id_filas_id_fk" FOREIGN KEY ("fila_id") REFERENCES "public"."filas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bloques" ADD CONSTRAINT "bloques_recinto_id_recintos_id_fk" FOREIGN KEY ("recinto_id") REFERENCES "public"."recintos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boletos" ADD CONSTRAINT "boletos_reserva_id_reservas_id_fk" FOREIGN KEY ("reserva_id") REFERENCES "public"."reservas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boletos" ADD CONSTRAINT "boletos_cargo_id_cargos_id_fk" FOREIGN KEY ("cargo_id") REFERENCES "public"."cargos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boletos" ADD CONSTRAINT "boletos_evento_id_eventos_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."eventos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boletos" ADD CONSTRAINT "boletos_evento_asiento_id_evento_asientos_id_fk" FOREIGN KEY ("evento_asiento_id") REFERENCES "public"."evento_asientos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boletos" ADD CONSTRAINT "boletos_lugar_general_id_evento_lugares_generales_id_fk" FOREIGN KEY ("lugar_general_id") REFERENCES "public"."evento_lugares_generales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boletos" ADD CONSTRAINT "boletos_evento_seccion_id_evento_secciones_id_fk" FOREIGN KEY ("evento_seccion_id") REFERENCES "public"."evento_secciones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boletos" ADD CONSTRAINT "boletos_categoria_evento_id_categorias_evento_id_fk" FOREIGN KEY ("categoria_evento_id") REFERENCES "public"."categorias_evento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boletos" ADD CONSTRAINT "boletos_usuario_id_users_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boletos" ADD CONSTRAINT "boletos_invitado_id_invitados_id_fk" FOREIGN KEY ("invitado_id") REFERENCES "public"."invitados"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cargos" ADD CONSTRAINT "cargos_reserva_id_reservas_id_fk" FOREIGN KEY ("reserva_id") REFERENCES "public"."reservas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evento_asientos" ADD CONSTRAINT "evento_asientos_evento_id_eventos_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."eventos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evento_asientos" ADD CONSTRAINT "evento_asientos_asiento_id_asientos_id_fk" FOREIGN KEY ("asiento_id") REFERENCES "public"."asientos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evento_asientos" ADD CONSTRAINT "evento_asientos_categoria_evento_id_categorias_evento_id_fk" FOREIGN KEY ("categoria_evento_id") REFERENCES "public"."categorias_evento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evento_lugares_generales" ADD CONSTRAINT "evento_lugares_generales_evento_seccion_id_evento_secciones_id_fk" FOREIGN KEY ("evento_seccion_id") REFERENCES "public"."evento_secciones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evento_lugares_generales" ADD CONSTRAINT "evento_lugares_generales_evento_id_eventos_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."eventos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filas" ADD CONSTRAINT "filas_seccion_id_secciones_id_fk" FOREIGN KEY ("seccion_id") REFERENCES "public"."secciones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "perfiles_pago" ADD CONSTRAINT "perfiles_pago_usuario_id_users_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promocion_categorias" ADD CONSTRAINT "promocion_categorias_promocion_id_promociones_id_fk" FOREIGN KEY ("promocion_id") REFERENCES "public"."promociones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promocion_categorias" ADD CONSTRAINT "promocion_categorias_categoria_evento_id_categorias_evento_id_fk" FOREIGN KEY ("categoria_evento_id") REFERENCES "public"."categorias_evento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promocion_categorias" ADD CONSTRAINT "promocion_categorias_evento_seccion_id_evento_secciones_id_fk" FOREIGN KEY ("evento_seccion_id") REFERENCES "public"."evento_secciones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promociones" ADD CONSTRAINT "promociones_evento_id_eventos_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."eventos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recintos" ADD CONSTRAINT "recintos_ciudad_id_ciudades_id_fk" FOREIGN KEY ("ciudad_id") REFERENCES "public"."ciudades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservas" ADD CONSTRAINT "reservas_evento_id_eventos_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."eventos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservas" ADD CONSTRAINT "reservas_usuario_id_users_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservas" ADD CONSTRAINT "reservas_invitado_id_invitados_id_fk" FOREIGN KEY ("invitado_id") REFERENCES "public"."invitados"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservas" ADD CONSTRAINT "reservas_evento_seccion_id_evento_secciones_id_fk" FOREIGN KEY ("evento_seccion_id") REFERENCES "public"."evento_secciones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservas" ADD CONSTRAINT "reservas_promocion_id_promociones_id_fk" FOREIGN KEY ("promocion_id") REFERENCES "public"."promociones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secciones" ADD CONSTRAINT "secciones_recinto_id_recintos_id_fk" FOREIGN KEY ("recinto_id") REFERENCES "public"."recintos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secciones" ADD CONSTRAINT "secciones_bloque_id_bloques_id_fk" FOREIGN KEY ("bloque_id") REFERENCES "public"."bloques"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarjetas" ADD CONSTRAINT "tarjetas_perfil_pago_id_perfiles_pago_id_fk" FOREIGN KEY ("perfil_pago_id") REFERENCES "public"."perfiles_pago"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_tokens_user_purpose_idx" ON "auth_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "email_outbox_to_idx" ON "email_outbox" USING btree ("to");--> statement-breakpoint
CREATE UNIQUE INDEX "categorias_evento_uq" ON "categorias_evento" USING btree ("evento_id","nombre");--> statement-breakpoint
CREATE UNIQUE INDEX "evento_secciones_uq" ON "evento_secciones" USING btree ("evento_id","seccion_id");--> statement-breakpoint
CREATE INDEX "eventos_web_fecha_idx" ON "eventos" USING btree ("mostrar_web","fecha");--> statement-breakpoint
CREATE UNIQUE INDEX "artistas_nombre_uq" ON "artistas" USING btree ("nombre");--> statement-breakpoint
CREATE UNIQUE INDEX "asientos_fila_numero_uq" ON "asientos" USING btree ("fila_id","numero");--> statement-breakpoint
CREATE UNIQUE INDEX "bloques_recinto_nombre_uq" ON "bloques" USING btree ("recinto_id","nombre");--> statement-breakpoint
CREATE INDEX "boletos_usuario_idx" ON "boletos" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "boletos_reserva_idx" ON "boletos" USING btree ("reserva_id");--> statement-breakpoint
CREATE UNIQUE INDEX "boletos_evento_asiento_uq" ON "boletos" USING btree ("evento_asiento_id");--> statement-breakpoint
CREATE UNIQUE INDEX "boletos_lugar_general_uq" ON "boletos" USING btree ("lugar_general_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cargos_proveedor_uq" ON "cargos" USING btree ("proveedor","proveedor_cargo_id");--> statement-breakpoint
CREATE INDEX "cargos_reserva_idx" ON "cargos" USING btree ("reserva_id");--> statement-breakpoint
CREATE UNIQUE INDEX "categorias_nombre_uq" ON "categorias" USING btree ("nombre");--> statement-breakpoint
CREATE UNIQUE INDEX "ciudades_nombre_uq" ON "ciudades" USING btree ("nombre");--> statement-breakpoint
CREATE UNIQUE INDEX "evento_asientos_uq" ON "evento_asientos" USING btree ("evento_id","asiento_id");--> statement-breakpoint
CREATE INDEX "evento_asientos_seccion_idx" ON "evento_asientos" USING btree ("evento_id","seccion_id");--> statement-breakpoint
CREATE INDEX "evento_asientos_reserva_idx" ON "evento_asientos" USING btree ("reserva_id");--> statement-breakpoint
CREATE INDEX "evento_asientos_precio_idx" ON "evento_asientos" USING btree ("evento_id","precio");--> statement-breakpoint
CREATE INDEX "evento_lugares_generales_seccion_idx" ON "evento_lugares_generales" USING btree ("evento_seccion_id","estado");--> statement-breakpoint
CREATE INDEX "evento_lugares_generales_evento_idx" ON "evento_lugares_generales" USING btree ("evento_id","seccion_id");--> statement-breakpoint
CREATE INDEX "evento_lugares_generales_reserva_idx" ON "evento_lugares_generales" USING btree ("reserva_id");--> statement-breakpoint
CREATE UNIQUE INDEX "filas_seccion_nombre_uq" ON "filas" USING btree ("seccion_id","nombre");--> statement-breakpoint
CREATE INDEX "invitados_correo_idx" ON "invitados" USING btree ("correo");--> statement-breakpoint
CREATE INDEX "promocion_categorias_promocion_idx" ON "promocion_categorias" USING btree ("promocion_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promociones_evento_clave_uq" ON "promociones" USING btree ("evento_id","clave");--> statement-breakpoint
CREATE INDEX "promociones_evento_idx" ON "promociones" USING btree ("evento_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recintos_nombre_ciudad_uq" ON "recintos" USING btree ("nombre","ciudad_id");--> statement-breakpoint
CREATE INDEX "reservas_usuario_idx" ON "reservas" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "reservas_evento_idx" ON "reservas" USING btree ("evento_id","estado");--> statement-breakpoint
CREATE UNIQUE INDEX "secciones_recinto_clave_uq" ON "secciones" USING btree ("recinto_id","clave");--> statement-breakpoint
CREATE INDEX "secciones_bloque_idx" ON "secciones" USING btree ("bloque_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tarjetas_perfil_idtarjeta_uq" ON "tarjetas" USING btree ("perfil_pago_id","idtarjeta");--> statement-breakpoint
CREATE INDEX "tarjetas_perfil_idx" ON "tarjetas" USING btree ("perfil_pago_id");