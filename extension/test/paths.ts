// Locations the tests need, found from this file's place at run time (the
// compiled tests live in out/, the sources in test/).

import * as fs from 'node:fs';
import * as path from 'node:path';

function findExtensionRoot(start: string): string {
  for (let dir = start; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string }).name === 'codeeval') {
      return dir;
    }
  }
  throw new Error(`no codeeval package.json above ${start}`);
}

export const EXTENSION_ROOT = findExtensionRoot(__dirname);
export const REPO_ROOT = path.dirname(EXTENSION_ROOT);

export interface Manifest {
  contributes: {
    commands: { command: string; title: string }[];
    configuration: { properties: Record<string, { default?: unknown; scope?: string; description?: string; markdownDescription?: string }> };
    menus: Record<string, { command: string; when?: string }[]>;
  };
  [key: string]: unknown;
}

export function readManifest(): Manifest {
  return JSON.parse(fs.readFileSync(path.join(EXTENSION_ROOT, 'package.json'), 'utf8')) as Manifest;
}
