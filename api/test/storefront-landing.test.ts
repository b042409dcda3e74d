import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStorefrontApp } from './support/storefront';

// index.html as the real app serves it: the landing page's first answers are the API's own.
let t: Awaited<ReturnType<typeof buildStorefrontApp>>;
beforeAll(async () => {
  t = await buildStorefrontApp();
});
afterAll(() => t.close());

const html = { accept: 'text/html' };
const inlined = (body: string, url: string) => {
  const block = [...body.matchAll(/<script type="application\/json" data-url="([^"]+)"[^>]*>(.*?)<\/script>/g)].find(([, u]) => u === url);
  return block ? (JSON.parse(block[2]!) as unknown) : undefined;
};

describe('landing pages carry their first answers', () => {
  it('/eventos: the events and categories, as GET answers them', async () => {
    const page = await t.app.inject({ url: '/eventos', headers: html });
    const eventos = await t.request('/api/v1/eventos/get_all?tipoDispositivo=web');
    const categorias = await t.request('/api/v1/categorias/get_all');
    expect(eventos.json().eventosFiltrados.length).toBeGreaterThan(0);
    expect(inlined(page.body, '/api/v1/eventos/get_all?tipoDispositivo=web')).toEqual(eventos.json());
    expect(inlined(page.body, '/api/v1/categorias/get_all')).toEqual(categorias.json());
  });

  it("an event's information page: its details and sections; an unknown event inlines nothing", async () => {
    const { eventosFiltrados } = (await t.request('/api/v1/eventos/get_all?tipoDispositivo=web')).json() as { eventosFiltrados: { id: number }[] };
    const id = eventosFiltrados[0]!.id;
    const page = await t.app.inject({ url: `/eventos/informacion/${id}`, headers: html });
    expect(inlined(page.body, `/api/v1/eventos/${id}/detalle`)).toEqual((await t.request(`/api/v1/eventos/${id}/detalle`)).json());
    expect(inlined(page.body, `/api/v1/eventos/${id}/detalle_seccion/false/web`)).toEqual(
      (await t.request(`/api/v1/eventos/${id}/detalle_seccion/false/web`)).json(),
    );
    const missing = await t.app.inject({ url: '/eventos/informacion/999999', headers: html });
    expect(missing.statusCode).toBe(200);
    expect(missing.body).not.toContain('data-url="/api/v1/');
  });
});
