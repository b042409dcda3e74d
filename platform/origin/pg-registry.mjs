// The registry of a bucket origin, kept in PostgreSQL (decision 0023): one row per origin
// (bucket + prefix) holding the registry document, changed only inside a transaction that locks
// that row, so concurrent releases and rollbacks from any machine are applied one after the
// other and none is lost; each change writes its audit row in the same transaction.
import pg from 'pg';
import { OpsError, auditEntry, parseRegistry } from './common.mjs';

/** Key of the advisory lock that lets one process at a time create the tables. */
const SETUP_LOCK = 727_410_023;
/** How long a release waits for another release of the same remote before it is refused. */
const REMOTE_LOCK_WAIT_MS = 120_000;

const SCHEMA = `
  create table if not exists origin_registry (
    origin text primary key,
    registry jsonb not null,
    revision bigint not null default 0,
    changed_at timestamptz not null default now()
  );
  create table if not exists origin_audit (
    id bigserial primary key,
    origin text not null,
    at timestamptz not null default now(),
    remote text not null,
    action text not null,
    from_version text,
    to_version text not null,
    actor text not null,
    reason text
  );
  create index if not exists origin_audit_by_origin on origin_audit (origin, id desc);
`;

export class PgRegistry {
  /** @param {{ databaseUrl: string, originId: string }} options */
  constructor({ databaseUrl, originId }) {
    this.originId = originId;
    this.pool = new pg.Pool({ connectionString: databaseUrl, max: 3, idleTimeoutMillis: 10_000, connectionTimeoutMillis: 10_000 });
    // An idle connection dropped by the server is replaced on the next query; never a crash.
    this.pool.on('error', () => {});
    this.ready = null;
  }

  get location() {
    return `PostgreSQL (tabla origin_registry, origen ${this.originId})`;
  }

  /** The tables, created once per database by whichever process comes first. */
  setup() {
    this.ready ??= this.transaction(async (client) => {
      await client.query('select pg_advisory_xact_lock($1)', [SETUP_LOCK]);
      await client.query(SCHEMA);
    }).catch((error) => {
      this.ready = null;
      throw error;
    });
    return this.ready;
  }

  async transaction(body) {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      const result = await body(client);
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  async read() {
    await this.setup();
    const { rows } = await this.pool.query('select registry from origin_registry where origin = $1', [this.originId]);
    return rows.length ? parseRegistry(rows[0].registry, this.location) : { remotes: {} };
  }

  /** The change runs on the row locked FOR UPDATE: a second writer waits, then sees this one's result. */
  async update(change, who = {}) {
    await this.setup();
    return this.transaction(async (client) => {
      await client.query(`insert into origin_registry (origin, registry) values ($1, '{"remotes":{}}') on conflict (origin) do nothing`, [this.originId]);
      const { rows } = await client.query('select registry from origin_registry where origin = $1 for update', [this.originId]);
      const registry = parseRegistry(rows[0].registry, this.location);
      const { result, audit } = change(registry);
      await client.query('update origin_registry set registry = $2, revision = revision + 1, changed_at = now() where origin = $1', [
        this.originId,
        JSON.stringify(registry),
      ]);
      if (audit) {
        const entry = auditEntry(audit, who);
        await client.query(
          'insert into origin_audit (origin, at, remote, action, from_version, to_version, actor, reason) values ($1, $2, $3, $4, $5, $6, $7, $8)',
          [this.originId, entry.at, entry.remote, entry.action, entry.from, entry.to, entry.actor, entry.reason],
        );
      }
      return result;
    });
  }

  async audit(limit = 20) {
    await this.setup();
    const { rows } = await this.pool.query(
      `select at, remote, action, from_version, to_version, actor, reason from origin_audit
        where origin = $1 order by id desc limit $2`,
      [this.originId, limit],
    );
    return rows.map((r) => ({
      at: r.at.toISOString(),
      remote: r.remote,
      action: r.action,
      from: r.from_version,
      to: r.to_version,
      actor: r.actor,
      reason: r.reason,
    }));
  }

  /**
   * One release of a remote at a time, across machines: a session advisory lock held while its
   * files are uploaded (PostgreSQL drops it if the command dies). A second release of the same
   * remote waits for it, up to two minutes, then is told to retry.
   */
  async lockRemote(remote) {
    await this.setup();
    const client = await this.pool.connect();
    const key = `taquilla-origin:${this.originId}:${remote}`;
    const deadline = Date.now() + REMOTE_LOCK_WAIT_MS;
    try {
      for (;;) {
        const { rows } = await client.query('select pg_try_advisory_lock(hashtext($1)) as locked', [key]);
        if (rows[0].locked) break;
        if (Date.now() > deadline) {
          throw new OpsError(`Otra publicación de ${remote} sigue en curso desde hace más de 2 minutos; no cambió nada. Reintenta cuando termine.`);
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    } catch (error) {
      client.release();
      throw error;
    }
    return async () => {
      try {
        await client.query('select pg_advisory_unlock(hashtext($1))', [key]);
        client.release();
      } catch (error) {
        // A broken connection took the lock with it.
        client.release(error);
      }
    };
  }

  close() {
    return this.pool.end();
  }
}
