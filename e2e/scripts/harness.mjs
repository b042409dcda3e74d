// Where the e2e server lives. Shared by the Playwright config, the fixtures and the fresh
// server script, so a test can find the origin it releases into.
import os from 'node:os';
import path from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT || 3100);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_TMP = path.join(os.tmpdir(), `taquilla-e2e-${E2E_PORT}`);
export const ORIGIN_DIR = path.join(E2E_TMP, 'origin');
export const PGLITE_DIR = path.join(E2E_TMP, 'pglite');
export const API_KEY = process.env.E2E_API_KEY || 'taquilla-e2e-key';
export const ROOT = path.resolve(import.meta.dirname, '..', '..');
