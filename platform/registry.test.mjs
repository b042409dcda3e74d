import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REMOTE_NAMES } from './registry.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');

describe('registry format', () => {
  it('names exactly the remotes the workspace has (a folder mfe-<name> each)', () => {
    const folders = fs
      .readdirSync(ROOT)
      .filter((d) => d.startsWith('mfe-'))
      .map((d) => d.slice('mfe-'.length));
    expect([...REMOTE_NAMES].sort()).toEqual(folders.sort());
  });
});
