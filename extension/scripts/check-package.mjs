// Checks the packaged .vsix: it must hold the bundled client, the manifest,
// README, CHANGELOG, LICENSE and icon, and nothing else (no node_modules,
// sources, tests or source maps). Also checks `vsce ls` agrees. Prints the
// .vsix path and its files.

import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const vsix = join(root, `${manifest.name}-${manifest.version}.vsix`);

// Files of the extension: name in the folder -> name in the .vsix (vsce
// renames a few).
const EXPECTED = {
  'package.json': 'package.json',
  'dist/extension.js': 'dist/extension.js',
  'README.md': 'readme.md',
  'CHANGELOG.md': 'changelog.md',
  LICENSE: 'LICENSE.txt',
  'images/icon.png': 'images/icon.png',
  'images/screenshot.png': 'images/screenshot.png',
};
// Files vsce writes for the VSIX container itself.
const CONTAINER = ['[Content_Types].xml', 'extension.vsixmanifest'];

/** Entry names and sizes from a zip's central directory. */
function zipEntries(file) {
  const zip = readFileSync(file);
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== 0x06054b50) end--;
  if (end < 0) throw new Error(`${file} is not a zip file`);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`${file}: bad central directory`);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    entries.push({ name: zip.toString('utf8', at + 46, at + 46 + nameLength), size });
    at += 46 + skip;
  }
  return entries;
}

const problems = [];
const entries = zipEntries(vsix);
const names = entries.map((e) => e.name);
const wanted = [...CONTAINER, ...Object.values(EXPECTED).map((f) => `extension/${f}`)];
for (const name of wanted) {
  if (!names.includes(name)) problems.push(`missing: ${name}`);
}
for (const name of names) {
  if (!wanted.includes(name)) problems.push(`should not be packaged: ${name}`);
}
const bundle = entries.find((e) => e.name === 'extension/dist/extension.js');
if (bundle && !readFileSync(join(root, 'dist/extension.js'), 'utf8').includes('codeeval.evaluate')) {
  problems.push('dist/extension.js does not look like the codeeval client');
}

// `vsce ls` lists what packaging takes from the folder; it must be the same set.
const vsce = spawnSync(join(root, 'node_modules', '.bin', 'vsce'), ['ls', '--no-dependencies'], { cwd: root, encoding: 'utf8' });
if (vsce.status !== 0) {
  problems.push(`vsce ls failed: ${vsce.stderr}`);
} else {
  const listed = vsce.stdout.split('\n').map((l) => l.trim()).filter(Boolean);
  const extra = listed.filter((f) => !(f in EXPECTED));
  const absent = Object.keys(EXPECTED).filter((f) => !listed.includes(f));
  if (extra.length || absent.length) problems.push(`vsce ls differs: extra [${extra}] missing [${absent}]`);
}

console.log(`${vsix} (${(statSync(vsix).size / 1024).toFixed(1)} KiB)`);
for (const entry of entries) console.log(`  ${entry.name}  ${entry.size} bytes`);
if (problems.length > 0) {
  problems.forEach((p) => console.error(`package check: ${p}`));
  process.exit(1);
}
console.log('package check: ok');
