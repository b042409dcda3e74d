import { z } from 'zod';

/** GET /pagos/get/credenciales — which payment gateway the browser uses and its public keys. */
export const credencialesResponseSchema = z.object({
  merchantId: z.string().min(1),
  /** Public key: only creates tokens. The private key never leaves the server. */
  publicKey: z.string().min(1),
  /** Test keys: Openpay's sandbox or Taquilla's built-in one (no real money). */
  sandbox: z.boolean(),
  proveedor: z.enum(['sandbox', 'openpay']),
  /** Scripts to load in order before using window.OpenPay (Openpay.js + its device-data script, or the sandbox's twin). */
  scriptUrls: z.array(z.url({ protocol: /^https?$/ })).min(1),
});
export type Credenciales = z.infer<typeof credencialesResponseSchema>;
