-- The sandbox_* tables belonged to the API's former built-in payment sandbox (decision 0036); nothing reads or writes them since the sandbox became platform/openpay-sandbox.
DROP TABLE "sandbox_cargos" CASCADE;--> statement-breakpoint
DROP TABLE "sandbox_clientes" CASCADE;--> statement-breakpoint
DROP TABLE "sandbox_tarjetas" CASCADE;--> statement-breakpoint
DROP TABLE "sandbox_tokens" CASCADE;
