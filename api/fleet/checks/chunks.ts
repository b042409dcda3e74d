import path from 'node:path';
import { status } from '../fleet-setup';
import { type CheckRun, must } from '../harness';

/** No file of the remotes 404s through the balancer, whichever replica answers. */
export const chunksNever404: CheckRun = async ({ fleet: { lb } }) => {
  let fetched = 0;
  const missing: string[] = [];
  for (let load = 0; load < 12; load += 1) {
    const page = await fetch(`${lb}/eventos`, { headers: { accept: 'text/html' } });
    must(page.status === 200, `/eventos → ${page.status}`);
    await page.text();
    const registry = (await (await fetch(`${lb}/remotes/remotes.json`)).json()) as {
      remotes: Record<string, { current: string; history: { version: string; entry: string }[] }>;
    };
    for (const [name, remote] of Object.entries(registry.remotes)) {
      const entry = remote.history.find((h) => h.version === remote.current)!.entry;
      const manifestUrl = `${lb}/remotes/${entry}`;
      const manifest = (await (await fetch(manifestUrl)).json()) as {
        metaData: { remoteEntry: { name: string; path: string } };
        exposes: { assets: { js: { sync: string[]; async: string[] }; css: { sync: string[]; async: string[] } } }[];
      };
      const dir = manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);
      const files = new Set([path.posix.join(manifest.metaData.remoteEntry.path, manifest.metaData.remoteEntry.name)]);
      for (const e of manifest.exposes) for (const f of [...e.assets.js.sync, ...e.assets.js.async, ...e.assets.css.sync, ...e.assets.css.async]) files.add(f);
      for (const f of files) {
        const code = await status(`${dir}${f.replace(/^\//, '')}`);
        fetched += 1;
        if (code !== 200) missing.push(`${name}/${f} → ${code}`);
      }
    }
  }
  must(missing.length === 0, `${missing.length} de ${fetched}: ${missing.slice(0, 5).join('; ')}`);
  return `${fetched} archivos de los remotos por el balanceador, 0 fallidos`;
};
