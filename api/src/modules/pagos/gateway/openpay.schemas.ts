import { z } from 'zod';
import { pesosToCentavos } from './gateway.amount';

/** Openpay's answers, only the fields we read (Openpay adds fields freely; zod strips the rest). */

const nullableString = z
  .string()
  .nullish()
  .transform((s) => s ?? '');

export const openpayCardSchema = z.object({
  id: z.string().optional(),
  card_number: z.string(),
  holder_name: nullableString,
  expiration_year: nullableString,
  expiration_month: nullableString,
  brand: nullableString,
  type: nullableString,
  bank_name: nullableString,
  customer_id: z.string().nullish(),
});
export type OpenpayCard = z.infer<typeof openpayCardSchema>;

export const openpayChargeSchema = z.object({
  id: z.string(),
  /** Pesos on the wire, integer centavos here; an amount with more than two decimals is refused. */
  amount: z.union([z.number(), z.string()]).transform((pesos, ctx) => {
    try {
      return pesosToCentavos(pesos);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'importe inválido' });
      return z.NEVER;
    }
  }),
  status: z.string(),
  order_id: z.string().nullish(),
  authorization: z.string().nullish(),
  error_code: z.coerce.number().int().nullish(),
  customer_id: z.string().nullish(),
  card: openpayCardSchema.nullish(),
  method: z.string().nullish(),
  due_date: z.string().nullish(),
  /** 3-D Secure's redirect, a store's reference and barcode, a bank transfer's CLABE and reference. */
  payment_method: z
    .object({
      type: z.string(),
      url: z.string().optional(),
      reference: z.string().optional(),
      barcode_url: z.string().optional(),
      clabe: z.string().optional(),
      bank: z.string().optional(),
      agreement: z.string().optional(),
      name: z.string().optional(),
    })
    .nullish(),
  payment_plan: z.object({ payments: z.coerce.number().int() }).nullish(),
  refund: z.object({ id: z.string(), status: z.string() }).nullish(),
});
export type OpenpayCharge = z.infer<typeof openpayChargeSchema>;

export const openpayCustomerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: nullableString,
  external_id: z.string().nullish(),
});

export const emptySchema = z.unknown();
