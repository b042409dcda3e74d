/**
 * How many answers API processes gave on `route` (Fastify's pattern, e.g.
 * `/api/v1/eventos/:id/sala_espera/fila`), any method and status: the sum of their
 * `taquilla_http_request_duration_seconds_count` series, read from each one's `/metrics` URL
 * (METRICS_PORT). A request a balancer answered from its cache is not in it. Used by the fleet
 * test and the waiting-room bench.
 */
export async function answeredByProcesses(metricsUrls: string[], route: string): Promise<number> {
  let total = 0;
  for (const url of metricsUrls) {
    const text = await (await fetch(url)).text();
    for (const line of text.split('\n')) {
      if (line.startsWith('taquilla_http_request_duration_seconds_count{') && line.includes(`route="${route}"`))
        total += Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return total;
}
