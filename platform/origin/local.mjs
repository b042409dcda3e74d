// The origin as a local folder (the default; `npm start`, the e2e harness): version folders
// <dir>/<remote>/<version>/, the registry <dir>/remotes.json, the audit log <dir>/audit.jsonl.
// Registry changes are read-modify-write under a lock file (proper-lockfile), then written as
// temp + rename, so two commands at once both land and a reader never sees a half-written file.
import fs from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { OpsError, auditEntry, parseRegistry } from './common.mjs';

const AUDIT_FILE = 'audit.jsonl';

/** Waits up to ~15 s for another command's registry change (each holds the lock for milliseconds). */
const LOCK_OPTIONS = {
  realpath: false,
  stale: 10_000,
  update: 2_000,
  retries: { retries: 60, factor: 1.2, minTimeout: 10, maxTimeout: 300, randomize: true },
};

export function localOrigin(dir) {
  const root = path.resolve(dir);
  const registryFile = path.join(root, 'remotes.json');
  const versionDir = (remote, version) => path.join(root, remote, version);

  async function readRegistry() {
    let text;
    try {
      text = await fs.promises.readFile(registryFile, 'utf8');
    } catch (error) {
      if (error.code === 'ENOENT') return { remotes: {} };
      throw error;
    }
    return parseRegistry(text, registryFile);
  }

  return {
    kind: 'dir',
    location: root,
    registryLocation: registryFile,

    readRegistry,

    async updateRegistry(change, who = {}) {
      fs.mkdirSync(root, { recursive: true });
      let release;
      try {
        release = await lockfile.lock(registryFile, LOCK_OPTIONS);
      } catch (error) {
        if (error.code === 'ELOCKED') {
          throw new OpsError(`El registro ${registryFile} está ocupado por otro cambio desde hace más de 15 s; no cambió nada. Reintenta.`);
        }
        throw error;
      }
      try {
        const registry = await readRegistry();
        const { result, audit } = change(registry);
        const tmp = `${registryFile}.${process.pid}.${Date.now()}.tmp`;
        await fs.promises.writeFile(tmp, `${JSON.stringify(registry, null, 2)}\n`);
        await fs.promises.rename(tmp, registryFile);
        if (audit) await fs.promises.appendFile(path.join(root, AUDIT_FILE), `${JSON.stringify(auditEntry(audit, who))}\n`);
        return result;
      } finally {
        await release();
      }
    },

    async readAudit(limit = 20) {
      let text;
      try {
        text = await fs.promises.readFile(path.join(root, AUDIT_FILE), 'utf8');
      } catch (error) {
        if (error.code === 'ENOENT') return [];
        throw error;
      }
      const entries = [];
      for (const line of text.split('\n')) {
        if (!line.trim()) continue;
        try {
          entries.push(JSON.parse(line));
        } catch {
          // a line cut short by a crash: the registry itself is still whole
        }
      }
      return entries.slice(-limit).reverse();
    },

    async hasVersion(remote, version) {
      return fs.existsSync(versionDir(remote, version));
    },

    /**
     * Copies `source` in under a temporary name, then renames it into place: a half copy is
     * never served, and of two releases of one version only the first rename succeeds.
     */
    async putVersion(remote, version, source) {
      const target = versionDir(remote, version);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      const tmp = path.join(root, remote, `.${version}.${process.pid}.${Date.now()}.tmp`);
      fs.cpSync(source, tmp, { recursive: true });
      try {
        fs.renameSync(tmp, target);
      } catch (error) {
        fs.rmSync(tmp, { recursive: true, force: true });
        if (error.code === 'ENOTEMPTY' || error.code === 'EEXIST') {
          throw new OpsError(`${remote} ${version} ya está publicado en ${target}; las versiones son inmutables. Sube la versión (--version x.y.z).`);
        }
        throw error;
      }
      return target;
    },

    async removeVersion(remote, version) {
      fs.rmSync(versionDir(remote, version), { recursive: true, force: true });
    },

    /** The folder's rename already lets one release of a version through: nothing to hold. */
    async lockRemote() {
      return async () => {};
    },

    async readFile(relative) {
      try {
        return await fs.promises.readFile(path.join(root, relative));
      } catch {
        return null;
      }
    },

    async close() {},
  };
}
