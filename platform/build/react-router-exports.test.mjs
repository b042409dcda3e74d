// react-router-dom is shared tree-shaken to ONE fixed list (REACT_ROUTER_DOM_EXPORTS). A name
// used anywhere but missing from that list would make the shell's router lack it and the
// remote fall back to its own copy (two routers, broken navigation). This test is the guard.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRemoteConfig } from './remote-config.mjs';
import { REACT_ROUTER_DOM_EXPORTS, createSharedSingletons } from './shared-singletons.mjs';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const PACKAGES = [
  'shell',
  'shared',
  ...fs
    .readdirSync(ROOT)
    .filter((d) => d.startsWith('mfe-'))
    .sort(),
];
const SOURCE = /\.(?:[cm]?[jt]sx?)$/;

function sourceFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(file);
    return SOURCE.test(entry.name) ? [file] : [];
  });
}

/** Every way a file can reach react-router(-dom), with the names it takes. */
function routerImports(source) {
  const found = [];
  const statement = /\b(import|export)\s+(type\s+)?([^;]*?)\s*from\s*['"](react-router(?:-dom)?(?:\/[^'"]*)?)['"]/gs;
  for (const [, kind, typeOnly, clause, from] of source.matchAll(statement)) {
    const braces = clause.match(/\{([^}]*)\}/);
    const outside = clause
      .replace(/\{[^}]*\}/, '')
      .replace(/,/g, ' ')
      .trim();
    const names = braces
      ? braces[1]
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean)
          .filter((n) => !typeOnly && !n.startsWith('type '))
          .map((n) => n.split(/\s+as\s+/)[0].trim())
      : [];
    // a default or namespace import (`import * as R`, `export *`) takes everything
    if (outside || (!braces && kind === 'export')) names.push(`<${outside || '*'}>`);
    found.push({ from, names });
  }
  for (const [, from] of source.matchAll(/\b(?:import|require)\s*\(\s*['"](react-router(?:-dom)?(?:\/[^'"]*)?)['"]/g)) {
    found.push({ from, names: ['<dynamic>'] });
  }
  return found;
}

describe('react-router-dom shared tree-shaken to one list', () => {
  it('the parser sees named, aliased, type-only, namespace and dynamic imports', () => {
    expect(routerImports(`import { Link, useParams as p, type RouteObject } from 'react-router-dom';`)).toEqual([
      { from: 'react-router-dom', names: ['Link', 'useParams'] },
    ]);
    expect(routerImports(`import type { RouteObject } from 'react-router-dom';`)).toEqual([{ from: 'react-router-dom', names: [] }]);
    expect(routerImports(`import * as R from 'react-router-dom'`)[0].names).toEqual(['<* as R>']);
    expect(routerImports(`export { Link } from 'react-router';`)[0]).toEqual({ from: 'react-router', names: ['Link'] });
    expect(routerImports(`const m = await import('react-router-dom')`)[0].names).toEqual(['<dynamic>']);
  });

  it('every package imports only listed names, only from react-router-dom itself', () => {
    const problems = [];
    let seen = 0;
    for (const pkg of PACKAGES) {
      for (const file of sourceFiles(path.join(ROOT, pkg, 'src'))) {
        for (const { from, names } of routerImports(fs.readFileSync(file, 'utf8'))) {
          seen += 1;
          const where = path.relative(ROOT, file);
          if (from !== 'react-router-dom') problems.push(`${where}: imports '${from}' (only 'react-router-dom' is shared)`);
          for (const name of names) {
            if (!REACT_ROUTER_DOM_EXPORTS.includes(name)) {
              problems.push(`${where}: '${name}' is not in REACT_ROUTER_DOM_EXPORTS (platform/build/shared-singletons.mjs)`);
            }
          }
        }
      }
    }
    expect(seen).toBeGreaterThan(10); // the scan really reached the sources
    expect(problems).toEqual([]);
  });

  it('every listed name is imported somewhere (an unused name only adds to the shared router)', () => {
    const used = new Set();
    for (const pkg of PACKAGES) {
      for (const file of sourceFiles(path.join(ROOT, pkg, 'src'))) {
        for (const { names } of routerImports(fs.readFileSync(file, 'utf8'))) names.forEach((n) => used.add(n));
      }
    }
    expect(REACT_ROUTER_DOM_EXPORTS.filter((name) => !used.has(name))).toEqual([]);
  });

  it('the list names real exports of the installed react-router-dom', async () => {
    const { createRequire } = await import('node:module');
    const require = createRequire(path.join(ROOT, 'shell', 'package.json'));
    const rrd = require('react-router-dom');
    for (const name of REACT_ROUTER_DOM_EXPORTS) expect(typeof rrd[name], name).not.toBe('undefined');
  });

  it('host and every remote share it with the same treeShaking config', async () => {
    const expected = { mode: 'runtime-infer', usedExports: [...REACT_ROUTER_DOM_EXPORTS] };
    expect(createSharedSingletons(path.join(ROOT, 'shell'))['react-router-dom'].treeShaking).toEqual(expected);
    for (const pkg of PACKAGES.filter((p) => p.startsWith('mfe-'))) {
      const config = await createRemoteConfig({ name: 'x', dir: path.join(ROOT, pkg), port: 1, exposes: { './X': './src/app/X.tsx' } });
      const mf = config.plugins.find((p) => p.constructor.name === 'ModuleFederationPlugin')._options;
      expect(mf.shared['react-router-dom'].treeShaking, pkg).toEqual(expected);
    }
  });
});
