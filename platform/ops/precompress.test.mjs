import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress.mjs';

const dirs = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('precompressDir', () => {
  it('writes .br and .gz copies that decode to the file, in subfolders too', () => {
    const dir = tempDir();
    const body = 'export const x = "taquilla";\n'.repeat(200);
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'assets', 'main.0123456789.js'), body);
    fs.writeFileSync(path.join(dir, 'data.json'), JSON.stringify({ pad: 'x'.repeat(2000) }));
    expect(precompressDir(dir)).toBe(2);
    const file = path.join(dir, 'assets', 'main.0123456789.js');
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).toString()).toBe(body);
    expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).toString()).toBe(body);
    expect(fs.statSync(`${file}.br`).size).toBeLessThan(body.length / 10);
  });

  it('leaves small files, images, HTML and the files that pick the code (manifest, entry) alone', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ pad: 'x'.repeat(2000) }));
    fs.writeFileSync(path.join(dir, 'remoteEntry.js'), 'x'.repeat(4096));
    fs.writeFileSync(path.join(dir, 'tiny.js'), 'x()');
    fs.writeFileSync(path.join(dir, 'photo.png'), Buffer.alloc(4096));
    fs.writeFileSync(path.join(dir, 'index.html'), '<p>'.repeat(1000));
    expect(precompressDir(dir)).toBe(0);
    expect(fs.readdirSync(dir).sort()).toEqual(['index.html', 'mf-manifest.json', 'photo.png', 'remoteEntry.js', 'tiny.js']);
  });
});
