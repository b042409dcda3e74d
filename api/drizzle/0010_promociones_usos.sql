ALTER TABLE "promociones" ADD COLUMN "limite_usos" integer;--> statement-breakpoint
ALTER TABLE "promociones" ADD COLUMN "usos" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "promociones" ADD CONSTRAINT "promociones_usos_ck" CHECK ("promociones"."usos" >= 0 AND ("promociones"."limite_usos" IS NULL OR "promociones"."usos" <= "promociones"."limite_usos"));