import type { z } from 'zod';
import type { recintoDefSchema, seccionDefSchema } from '../import/definition';
import { polygon, ringSector, roundedRect, stage, svgDocument, type Shape } from './svg-kit';

export type RecintoInput = z.input<typeof recintoDefSchema>;
type SeccionInput = z.input<typeof seccionDefSchema>;

const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** Row names A…Z, AA…AZ, … */
function rowName(i: number): string {
  return i < 26 ? letters[i]! : `${letters[Math.floor(i / 26) - 1]}${letters[i % 26]}`;
}

function rows(count: number, seats: number, zona: (i: number) => string, esMesa = false): NonNullable<SeccionInput['filas']> {
  return Array.from({ length: count }, (_, i) => ({ nombre: rowName(i), asientos: seats, zona: zona(i), esMesa }));
}

/** Arena: GA floor in front of the stage, ten numbered sections in a horseshoe, and upper boxes. */
export function arenaCdmx(): RecintoInput {
  const shapes: Shape[] = [];
  const secciones: SeccionInput[] = [];
  shapes.push({ clave: 'pista', d: roundedRect(340, 190, 320, 250, 26), colores: ['#22d3ee', '#0e7490'], label: 'Pista General', lx: 500, ly: 315 });
  secciones.push({
    clave: 'pista',
    nombre: 'Pista General',
    bloque: 'Pista',
    tipo: 'general',
    colores: ['#22d3ee', '#0e7490'],
    capacidad: 1500,
    categoria: 'General Pista',
    precio: 95000,
  });
  const n = 10;
  const a0 = -15;
  const span = 210 / n;
  for (let i = 0; i < n; i++) {
    const clave = `s${101 + i}`;
    const { d, lx, ly } = ringSector(500, 300, 250, 190, 360, 280, a0 + i * span + 1, a0 + (i + 1) * span - 1);
    const vip = i >= 3 && i <= 6;
    const colores = vip ? ['#f472b6', '#9d174d'] : ['#a78bfa', '#5b21b6'];
    shapes.push({ clave, d, colores, label: String(101 + i), lx, ly });
    secciones.push({
      clave,
      nombre: `Sección ${101 + i}`,
      bloque: vip ? 'Platea' : 'Lateral',
      tipo: 'numerada',
      colores,
      orientacionFilas: 'centro',
      filas: rows(8, 16, (r) => (vip && r < 3 ? 'VIP' : vip ? 'Platea' : 'Lateral')),
    });
  }
  shapes.push({ clave: 'palcos', d: ringSector(500, 300, 375, 292, 430, 335, 40, 140).d, colores: ['#fbbf24', '#b45309'], label: 'Palcos', lx: 500, ly: 625 });
  secciones.push({ clave: 'palcos', nombre: 'Palcos', bloque: 'Palcos', tipo: 'numerada', colores: ['#fbbf24', '#b45309'], filas: rows(2, 30, () => 'Palco') });
  secciones.push({
    clave: 'fan-zone',
    nombre: 'Acceso Fan Zone',
    bloque: 'Extras',
    tipo: 'general',
    seccionAdicional: true,
    nombreEspecial: 'Experiencia Fan Zone',
    colores: ['#34d399'],
    capacidad: 200,
    categoria: 'Fan Zone',
    precio: 45000,
  });
  return {
    nombre: 'Arena Ciudad de México',
    direccion: 'Av. de las Granjas 800, Santa Bárbara, Azcapotzalco',
    ciudad: 'Ciudad de México',
    estado: 'CDMX',
    secciones,
    svg: svgDocument({ width: 1000, height: 680, title: 'Mapa de la Arena Ciudad de México', shapes, decor: stage(360, 60, 280, 70) }),
  };
}

/** Theatre: orchestra split left / centre / right, and a balcony; izquierda/derecha categories share prices. */
export function teatroDegollado(): RecintoInput {
  const cx = 500;
  const cy = 40;
  const parts: {
    clave: string;
    nombre: string;
    a0: number;
    a1: number;
    r0: number;
    r1: number;
    zona: string;
    colores: string[];
    filas: number;
    asientos: number;
    orient: 'izquierda' | 'centro' | 'derecha';
    bloque: string;
  }[] = [
    {
      clave: 'luneta-der',
      nombre: 'Luneta Derecha',
      a0: 40,
      a1: 68,
      r0: 170,
      r1: 390,
      zona: 'Luneta derecha',
      colores: ['#60a5fa', '#1d4ed8'],
      filas: 12,
      asientos: 12,
      orient: 'izquierda',
      bloque: 'Luneta',
    },
    {
      clave: 'luneta-centro',
      nombre: 'Luneta Central',
      a0: 70,
      a1: 110,
      r0: 170,
      r1: 390,
      zona: 'Luneta centro',
      colores: ['#f472b6', '#be185d'],
      filas: 12,
      asientos: 18,
      orient: 'centro',
      bloque: 'Luneta',
    },
    {
      clave: 'luneta-izq',
      nombre: 'Luneta Izquierda',
      a0: 112,
      a1: 140,
      r0: 170,
      r1: 390,
      zona: 'Luneta izquierda',
      colores: ['#60a5fa', '#1d4ed8'],
      filas: 12,
      asientos: 12,
      orient: 'derecha',
      bloque: 'Luneta',
    },
    {
      clave: 'balcon-der',
      nombre: 'Balcón Derecho',
      a0: 42,
      a1: 80,
      r0: 420,
      r1: 560,
      zona: 'Balcón derecha',
      colores: ['#fbbf24', '#b45309'],
      filas: 6,
      asientos: 20,
      orient: 'izquierda',
      bloque: 'Balcón',
    },
    {
      clave: 'balcon-izq',
      nombre: 'Balcón Izquierdo',
      a0: 100,
      a1: 138,
      r0: 420,
      r1: 560,
      zona: 'Balcón izquierda',
      colores: ['#fbbf24', '#b45309'],
      filas: 6,
      asientos: 20,
      orient: 'derecha',
      bloque: 'Balcón',
    },
  ];
  const shapes: Shape[] = parts.map((p) => {
    const { d, lx, ly } = ringSector(cx, cy, p.r0, p.r0, p.r1, p.r1, p.a0, p.a1);
    return { clave: p.clave, d, colores: p.colores, label: p.nombre, lx, ly };
  });
  return {
    nombre: 'Teatro Degollado',
    direccion: 'Belén s/n, Centro Histórico',
    ciudad: 'Guadalajara',
    estado: 'Jalisco',
    secciones: parts.map((p) => ({
      clave: p.clave,
      nombre: p.nombre,
      bloque: p.bloque,
      tipo: 'numerada' as const,
      colores: p.colores,
      orientacionFilas: p.orient,
      filas: rows(p.filas, p.asientos, () => p.zona),
    })),
    svg: svgDocument({ width: 1000, height: 640, title: 'Mapa del Teatro Degollado', shapes, decor: stage(380, 70, 240, 80) }),
  };
}

/** Open-air festival: everything is general admission. */
export function parqueFundidora(): RecintoInput {
  const zones: { clave: string; nombre: string; d: string; lx: number; ly: number; colores: string[]; capacidad: number; categoria: string; precio: number }[] =
    [
      {
        clave: 'vip',
        nombre: 'VIP Frente',
        d: roundedRect(330, 170, 340, 110, 20),
        lx: 500,
        ly: 225,
        colores: ['#f472b6', '#9d174d'],
        capacidad: 800,
        categoria: 'VIP',
        precio: 220000,
      },
      {
        clave: 'preferente',
        nombre: 'Preferente',
        d: roundedRect(250, 300, 500, 140, 24),
        lx: 500,
        ly: 370,
        colores: ['#a78bfa', '#5b21b6'],
        capacidad: 3000,
        categoria: 'Preferente',
        precio: 140000,
      },
      {
        clave: 'general',
        nombre: 'General',
        d: roundedRect(140, 460, 720, 170, 28),
        lx: 500,
        ly: 545,
        colores: ['#22d3ee', '#0e7490'],
        capacidad: 6000,
        categoria: 'General',
        precio: 89000,
      },
    ];
  const shapes: Shape[] = zones.map((z) => ({ clave: z.clave, d: z.d, colores: z.colores, label: z.nombre, lx: z.lx, ly: z.ly }));
  const decor =
    stage(330, 50, 340, 90, 'ESCENARIO PRINCIPAL') +
    `<g aria-hidden="true" font-family="Inter, Arial, sans-serif" font-size="13" fill="#cbd5e1">` +
    `<rect x="40" y="200" width="80" height="240" rx="14" fill="#334155"/><text x="80" y="320" text-anchor="middle" transform="rotate(-90 80 320)">FOOD TRUCKS</text>` +
    `<rect x="880" y="200" width="80" height="240" rx="14" fill="#334155"/><text x="920" y="320" text-anchor="middle" transform="rotate(90 920 320)">BARRAS</text>` +
    `<circle cx="70" cy="600" r="22" fill="#14532d"/><circle cx="110" cy="630" r="16" fill="#166534"/><circle cx="930" cy="600" r="22" fill="#14532d"/><circle cx="890" cy="632" r="16" fill="#166534"/></g>`;
  const secciones: SeccionInput[] = zones.map((z) => ({
    clave: z.clave,
    nombre: z.nombre,
    bloque: 'Explanada',
    tipo: 'general' as const,
    colores: z.colores,
    capacidad: z.capacidad,
    categoria: z.categoria,
    precio: z.precio,
  }));
  secciones.push({
    clave: 'estacionamiento',
    nombre: 'Estacionamiento',
    bloque: 'Extras',
    tipo: 'general',
    seccionAdicional: true,
    nombreEspecial: 'Pase de estacionamiento',
    colores: ['#94a3b8'],
    capacidad: 500,
    categoria: 'Estacionamiento',
    precio: 25000,
  });
  return {
    nombre: 'Parque Fundidora — Explanada',
    direccion: 'Av. Fundidora y Adolfo Prieto s/n, Obrera',
    ciudad: 'Monterrey',
    estado: 'Nuevo León',
    secciones,
    svg: svgDocument({ width: 1000, height: 680, title: 'Mapa del festival en Parque Fundidora', shapes, decor }),
  };
}

/** Banquet hall: sections of tables (each row is a table sold whole). */
export function salonPuebla(): RecintoInput {
  const groups: {
    clave: string;
    nombre: string;
    x: number;
    y: number;
    w: number;
    h: number;
    mesas: number;
    sillas: number;
    zona: string;
    colores: string[];
    cols: number;
  }[] = [
    {
      clave: 'mesas-diamante',
      nombre: 'Mesas Diamante',
      x: 330,
      y: 200,
      w: 340,
      h: 130,
      mesas: 6,
      sillas: 10,
      zona: 'Diamante',
      colores: ['#e0e7ff', '#6366f1'],
      cols: 3,
    },
    // Oro: the same eight tables of ten on each side of the dance floor.
    ...(
      [
        ['izq', 'Izquierda', 60],
        ['der', 'Derecha', 690],
      ] as const
    ).map(([lado, nombreLado, x]) => ({
      clave: `mesas-oro-${lado}`,
      nombre: `Mesas Oro ${nombreLado}`,
      x,
      y: 200,
      w: 250,
      h: 260,
      mesas: 8,
      sillas: 10,
      zona: 'Oro',
      colores: ['#fde68a', '#d97706'],
      cols: 2,
    })),
    {
      clave: 'mesas-plata',
      nombre: 'Mesas Plata',
      x: 60,
      y: 480,
      w: 880,
      h: 150,
      mesas: 12,
      sillas: 8,
      zona: 'Plata',
      colores: ['#e2e8f0', '#64748b'],
      cols: 6,
    },
  ];
  const shapes: Shape[] = groups.map((g) => {
    const rowsN = Math.ceil(g.mesas / g.cols);
    let inner = '';
    for (let m = 0; m < g.mesas; m++) {
      const cx = g.x + ((m % g.cols) + 0.5) * (g.w / g.cols);
      const cy = g.y + 18 + (Math.floor(m / g.cols) + 0.5) * ((g.h - 26) / rowsN);
      inner += `<circle cx="${Math.round(cx)}" cy="${Math.round(cy)}" r="17" fill="#0b1020" opacity="0.35" pointer-events="none"/>`;
    }
    return { clave: g.clave, d: roundedRect(g.x, g.y, g.w, g.h, 18), colores: g.colores, label: g.nombre, lx: g.x + g.w / 2, ly: g.y + 16, inner };
  });
  const decor = `${stage(380, 50, 240, 70)}<g aria-hidden="true"><rect x="380" y="135" width="240" height="50" rx="10" fill="#334155"/><text x="500" y="160" text-anchor="middle" dominant-baseline="middle" font-family="Inter, Arial, sans-serif" font-size="13" fill="#cbd5e1">PISTA DE BAILE</text></g>`;
  return {
    nombre: 'Salón de Gala Puebla',
    direccion: 'Blvd. Hermanos Serdán 141, Amor',
    ciudad: 'Puebla',
    estado: 'Puebla',
    secciones: groups.map((g) => ({
      clave: g.clave,
      nombre: g.nombre,
      bloque: 'Salón',
      tipo: 'mesa' as const,
      colores: g.colores,
      filas: Array.from({ length: g.mesas }, (_, i) => ({ nombre: `Mesa ${i + 1}`, asientos: g.sillas, zona: g.zona, esMesa: true })),
    })),
    svg: svgDocument({ width: 1000, height: 680, title: 'Mapa del Salón de Gala Puebla', shapes, decor }),
  };
}

/** Stadium: four stands (two ends of 5,000 seats), boxes and a supporters' GA area — over 20,000 places. */
export function estadioMerida(): RecintoInput {
  const field =
    `<g aria-hidden="true"><rect x="250" y="190" width="500" height="300" rx="8" fill="#15803d"/>` +
    `<rect x="262" y="202" width="476" height="276" fill="none" stroke="#dcfce7" stroke-width="3"/>` +
    `<line x1="500" y1="202" x2="500" y2="478" stroke="#dcfce7" stroke-width="3"/><circle cx="500" cy="340" r="46" fill="none" stroke="#dcfce7" stroke-width="3"/>` +
    `<rect x="262" y="280" width="60" height="120" fill="none" stroke="#dcfce7" stroke-width="3"/><rect x="678" y="280" width="60" height="120" fill="none" stroke="#dcfce7" stroke-width="3"/></g>`;
  const shapes: Shape[] = [
    {
      clave: 'norte',
      d: polygon([
        [250, 170],
        [750, 170],
        [840, 60],
        [160, 60],
      ]),
      colores: ['#60a5fa', '#1e3a8a'],
      label: 'Cabecera Norte',
      lx: 500,
      ly: 115,
    },
    {
      clave: 'sur',
      d: polygon([
        [250, 510],
        [750, 510],
        [840, 620],
        [160, 620],
      ]),
      colores: ['#60a5fa', '#1e3a8a'],
      label: 'Cabecera Sur',
      lx: 500,
      ly: 570,
    },
    {
      clave: 'oriente',
      d: polygon([
        [770, 190],
        [770, 490],
        [880, 600],
        [880, 80],
      ]),
      colores: ['#f472b6', '#9d174d'],
      label: 'Oriente',
      lx: 825,
      ly: 340,
    },
    {
      clave: 'poniente',
      d: polygon([
        [230, 190],
        [230, 490],
        [120, 600],
        [120, 80],
      ]),
      colores: ['#f472b6', '#9d174d'],
      label: 'Poniente',
      lx: 175,
      ly: 300,
    },
    { clave: 'palcos', d: roundedRect(15, 290, 95, 100, 12), colores: ['#fbbf24', '#b45309'], label: 'Palcos', lx: 62, ly: 340 },
    { clave: 'porra', d: roundedRect(900, 250, 80, 180, 14), colores: ['#34d399', '#047857'], label: 'Porra', lx: 940, ly: 340 },
  ];
  const stand = (clave: string, nombre: string, filasN: number, asientos: number, colores: string[], zona: (i: number) => string): SeccionInput => ({
    clave,
    nombre,
    bloque: clave === 'norte' || clave === 'sur' ? 'Cabeceras' : 'Laterales',
    tipo: 'numerada',
    colores,
    filas: rows(filasN, asientos, zona),
  });
  return {
    nombre: 'Estadio Carlos Iturralde',
    direccion: 'Calle 62 s/n, Cd. Industrial',
    ciudad: 'Mérida',
    estado: 'Yucatán',
    secciones: [
      stand('norte', 'Cabecera Norte', 50, 100, ['#60a5fa', '#1e3a8a'], () => 'Cabecera'),
      stand('sur', 'Cabecera Sur', 50, 100, ['#60a5fa', '#1e3a8a'], () => 'Cabecera'),
      stand('oriente', 'Oriente', 45, 120, ['#f472b6', '#9d174d'], (i) => (i < 15 ? 'Lateral Baja' : 'Lateral Alta')),
      stand('poniente', 'Poniente', 45, 120, ['#f472b6', '#9d174d'], (i) => (i < 15 ? 'Lateral Baja' : 'Lateral Alta')),
      { clave: 'palcos', nombre: 'Palcos', bloque: 'Palcos', tipo: 'numerada', colores: ['#fbbf24', '#b45309'], filas: rows(5, 20, () => 'Palco') },
      {
        clave: 'porra',
        nombre: 'Zona de Porra',
        bloque: 'Cabeceras',
        tipo: 'general',
        colores: ['#34d399', '#047857'],
        capacidad: 1500,
        categoria: 'Porra',
        precio: 18000,
      },
    ],
    svg: svgDocument({ width: 1000, height: 680, title: 'Mapa del Estadio Carlos Iturralde', shapes, decor: field }),
  };
}
