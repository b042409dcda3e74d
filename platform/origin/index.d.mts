import type { Readable } from 'node:stream';
import type { Registry } from '../registry.mjs';

/** A refusal: printed as one clear line (`✖ …`), exit code 1, nothing changed. */
export declare class OpsError extends Error {}

export declare const NO_STORE: string;
export declare const IMMUTABLE: string;
export declare const ALWAYS_FRESH: ReadonlySet<string>;
export declare const DEFAULT_S3_CACHE_MS: number;
export declare function cacheControlFor(filePath: string): string;
export declare function contentTypeFor(filePath: string): string;
export declare function mayHaveCompressedCopy(filePath: string): boolean;
export declare function servablePath(relative: string): boolean;
export declare function parseRegistry(text: unknown, where: string): Registry;
export declare function currentActor(env?: Record<string, string | undefined>): string;

export interface DirOriginConfig {
  kind: 'dir';
  dir: string;
  /** How long a server keeps the registry it read (0: read on every request). */
  cacheMs: number;
}

export interface S3OriginConfig {
  kind: 's3';
  bucket: string;
  /** Key prefix without leading or trailing slash ('' for the bucket's root). */
  prefix: string;
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
  /** Keys from the environment; none: the AWS SDK's default chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  /** PostgreSQL holding the registry and the audit log. */
  databaseUrl?: string;
  cacheMs: number;
}

export type OriginConfig = DirOriginConfig | S3OriginConfig;

export interface AuditEntry {
  at: string;
  remote: string;
  action: string;
  from: string | null;
  to: string;
  actor: string;
  reason: string | null;
}

export interface RegistryChange<T> {
  result: T;
  /** What the change did, for the audit log (none: nothing to log). */
  audit?: { remote: string; action: string; from: string | null; to: string; at?: Date } | null;
}

export interface OriginObject {
  body: Readable | null;
  contentType?: string;
  contentLength?: number;
  contentEncoding?: string;
  etag?: string;
  lastModified?: Date;
}

export interface Origin {
  readonly kind: 'dir' | 's3';
  /** The folder, or s3://bucket/prefix. */
  readonly location: string;
  /** The registry file, or the PostgreSQL table. */
  readonly registryLocation: string;
  /** The registry (`{ remotes: {} }` before the first release); a malformed one is an OpsError. */
  readRegistry(): Promise<Registry>;
  /**
   * Read-modify-write of the registry, serialised across processes and machines: `change`
   * mutates the registry it is given (or throws, and nothing changes).
   */
  updateRegistry<T>(change: (registry: Registry) => RegistryChange<T>, who?: { actor?: string; reason?: string }): Promise<T>;
  /** The latest changes, newest first. */
  readAudit(limit?: number): Promise<AuditEntry[]>;
  hasVersion(remote: string, version: string): Promise<boolean>;
  /** Publishes a folder as <remote>/<version>/; returns where it went. */
  putVersion(remote: string, version: string, source: string): Promise<string>;
  removeVersion(remote: string, version: string): Promise<void>;
  /** Holds off other releases of `remote` until the returned function is called. */
  lockRemote(remote: string): Promise<() => Promise<void>>;
  /** A file by its path under the origin root, or null. */
  readFile(relative: string): Promise<Buffer | null>;
  /** Bucket origins only: one object to send (null: missing). */
  getObject?(relative: string, options?: { ifNoneMatch?: string; head?: boolean }): Promise<OriginObject | { notModified: true } | null>;
  close(): Promise<void>;
}

export declare function originConfigFromEnv(env?: Record<string, string | undefined>, options?: { dir?: string }): OriginConfig;
export declare function openOrigin(config: OriginConfig): Promise<Origin>;
