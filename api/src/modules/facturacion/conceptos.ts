import type { OrderTotals } from '@taquilla/shared/money';
import type { CfdiConcepto } from './invoicing.types';

/**
 * SAT product/service and unit keys of what a purchase invoices. The tickets: 90151802
 * (entrance to events); the fees: 80141600 (sales services); E48 'Unidad de servicio'.
 */
const CLAVES = { boletos: '90151802', cargos: '80141600', unidad: 'E48' } as const;

export interface LineaBoletos {
  descripcion: string;
  cantidad: number;
  /** Price of one ticket, centavos, before discount (as stored at the sale). */
  precio: number;
}

/** The totals stored at the sale (centavos), as the shop's fee maths computes them. */
export type TotalesCompra = Omit<OrderTotals, 'boletosGratis'>;

/**
 * `total` centavos split into shares whose exact values are numerators[i] / denominator: each
 * share floored, then the centavos left go one each to the largest remainders (ties: first
 * line). Exact integer arithmetic (BigInt), whatever the sizes.
 */
function porMayorResto(total: number, numerators: bigint[], denominator: bigint): number[] {
  const shares = numerators.map((n) => Number(n / denominator));
  let left = total - shares.reduce((a, s) => a + s, 0);
  const order = numerators.map((n, i) => ({ i, r: n % denominator })).sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/** Splits `total` over `weights` in proportion (largest remainder), so the parts add up to it exactly. */
export function repartir(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, w) => a + w, 0);
  if (total === 0 || sum === 0) return weights.map(() => 0);
  return porMayorResto(
    total,
    weights.map((w) => BigInt(total) * BigInt(w)),
    BigInt(sum),
  );
}

/**
 * The conceptos of a purchase, from what was charged (stored at sale time): one per group of
 * tickets of one section, category and price, with its share of the discount; IVA on the
 * tickets as the sale computed it (tickets less discount × the event's rate, one rounding for
 * the whole purchase) split over the ticket lines so they add up to the IVA charged, each
 * within a centavo of its own base × rate; the service and card fees, which carried no IVA
 * at the sale, as 'no objeto de impuesto'. Sum of importes − descuentos + IVA = the total paid.
 */
export function conceptosDeCompra(
  lineas: LineaBoletos[],
  t: TotalesCompra,
  ivaBps: number,
): { conceptos: CfdiConcepto[]; subtotal: number; descuento: number; iva: number; total: number } {
  const importes = lineas.map((l) => l.cantidad * l.precio);
  const descuentos = repartir(t.descuento, importes);
  const bases = importes.map((imp, i) => imp - descuentos[i]!);
  const conIva = t.iva > 0 && ivaBps > 0;
  const ivas = conIva ? repartirIva(t.iva, bases, ivaBps) : bases.map(() => 0);
  const conceptos: CfdiConcepto[] = lineas.map((l, i) => ({
    claveProdServ: CLAVES.boletos,
    claveUnidad: CLAVES.unidad,
    unidad: 'Boleto',
    descripcion: l.descripcion,
    cantidad: l.cantidad,
    valorUnitario: l.precio,
    importe: importes[i]!,
    descuento: descuentos[i]!,
    objetoImp: conIva ? '02' : '01',
    traslados: conIva ? [{ base: bases[i]!, tasaBps: ivaBps, importe: ivas[i]! }] : [],
  }));
  const cargo = (descripcion: string, importe: number): CfdiConcepto => ({
    claveProdServ: CLAVES.cargos,
    claveUnidad: CLAVES.unidad,
    unidad: 'Servicio',
    descripcion,
    cantidad: 1,
    valorUnitario: importe,
    importe,
    descuento: 0,
    objetoImp: '01',
    traslados: [],
  });
  if (t.cargoServicio > 0) conceptos.push(cargo('Cargo por servicio', t.cargoServicio));
  if (t.cargoTarjeta > 0) conceptos.push(cargo('Cargo por procesamiento de pago con tarjeta', t.cargoTarjeta));
  const subtotal = conceptos.reduce((a, c) => a + c.importe, 0);
  const iva = conIva ? t.iva : 0;
  return { conceptos, subtotal, descuento: t.descuento, iva, total: subtotal - t.descuento + iva };
}

/** IVA per line: floor of base × rate, the centavos the purchase's single rounding added go to the largest remainders. */
function repartirIva(iva: number, bases: number[], bps: number): number[] {
  return porMayorResto(
    iva,
    bases.map((b) => BigInt(b) * BigInt(bps)),
    10_000n,
  );
}
