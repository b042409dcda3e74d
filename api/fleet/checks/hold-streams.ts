import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { API_KEY, sleep, waitFor } from '../fleet-setup';
import { call, type CheckRun, clientAddress, must, REPLICAS, sectionWithSeats } from '../harness';

function openStream(base: string, eventoId: number, onEvent: (event: string, data: unknown) => void): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}/api/v1/eventos/${eventoId}/disponibilidad?apiKey=${API_KEY}`, { headers: { accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream ${res.statusCode}`));
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        const blocks = buffer.split('\n\n');
        buffer = blocks.pop()!;
        for (const block of blocks) {
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event && data) onEvent(event, JSON.parse(data));
        }
      });
      resolve(() => req.destroy());
    });
    req.on('error', reject);
  });
}

/** A hold through one replica reaches the availability streams of the other two. */
export const holdReachesOtherProcesses: CheckRun = async ({ fleet, figure }) => {
  const { replicas } = fleet;
  const { eventoId, seats } = await sectionWithSeats(fleet, 20);
  const seat = seats[0]!;
  const seen: number[] = [];
  let sent = 0;
  const closes = await Promise.all(
    replicas.slice(1).map((r) =>
      openStream(r.base, eventoId, (event, data) => {
        const asientos = (data as { asientos?: { id: number }[] }).asientos ?? [];
        if (event === 'asientos' && asientos.some((a) => a.id === seat)) seen.push(Date.now() - sent);
      }),
    ),
  );
  try {
    await sleep(300);
    sent = Date.now();
    const held = await call(replicas[0]!.base, {
      path: `/api/v1/eventos/${eventoId}/reservarInvitado`,
      body: { asientosReserva: [{ id: seat }], nombre: 'Flota Uno', correo: `flota.${randomUUID().slice(0, 8)}@ejemplo.mx` },
      localAddress: clientAddress(),
    });
    must(held.status === 201, `la reserva respondió ${held.status}: ${JSON.stringify(held.body)}`);
    await waitFor('el aviso en las otras réplicas', async () => seen.length >= REPLICAS - 1, 5_000, 20);
  } finally {
    for (const close of closes) close();
  }
  figure('Reserva en una réplica → flujos de las otras dos', `${Math.max(...seen)} ms`);
  return `asiento ${seat}: ${seen.map((ms) => `${ms} ms`).join(', ')}`;
};
