// Build script.
//   node esbuild.mjs               dist/extension.js, with a source map (development)
//   node esbuild.mjs --production  dist/extension.js, minified, no source map (what is packaged)
//   node esbuild.mjs --tests       src/ and test/ transpiled file by file to out/ for mocha
// Type checking is tsc's job (npm run typecheck); esbuild only strips types.

import { build } from 'esbuild';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const args = new Set(process.argv.slice(2));

function typescriptFiles(dir) {
  return readdirSync(dir, { recursive: true })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))
    .map((name) => join(dir, name));
}

if (args.has('--tests')) {
  rmSync('out', { recursive: true, force: true });
  await build({
    entryPoints: [...typescriptFiles('src'), ...typescriptFiles('test')],
    outdir: 'out',
    outbase: '.',
    bundle: false,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: 'inline',
    logLevel: 'warning',
  });
} else {
  const production = args.has('--production');
  rmSync('dist', { recursive: true, force: true });
  await build({
    entryPoints: ['src/extension.ts'],
    outfile: 'dist/extension.js',
    bundle: true,
    // Provided by VS Code at run time; everything else (the language client) is bundled.
    external: ['vscode'],
    platform: 'node',
    format: 'cjs',
    // VS Code 1.91 runs extensions on Electron 29, i.e. Node 20.
    target: 'node20',
    minify: production,
    sourcemap: !production,
    sourcesContent: false,
    logLevel: 'warning',
  });
}
