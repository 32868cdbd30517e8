import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Command } from '../../src/ids';
import { EXTENSION_ROOT, readManifest } from '../paths';

describe('package.json', () => {
  const manifest = readManifest() as ReturnType<typeof readManifest> & {
    engines: { vscode: string };
    main: string;
    icon: string;
    activationEvents: string[];
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
    capabilities: { untrustedWorkspaces: { supported: string; restrictedConfigurations: string[] } };
  };

  it('targets the VS Code version vscode-languageclient 11 needs, matching @types/vscode', () => {
    assert.equal(manifest.engines.vscode, '^1.91.0');
    assert.equal(manifest.devDependencies['@types/vscode'], '1.91.0');
    assert.match(manifest.dependencies['vscode-languageclient'] ?? '', /^11\./);
  });

  it('points at the bundle and an icon that exists', () => {
    assert.equal(manifest.main, './dist/extension.js');
    assert.ok(fs.existsSync(path.join(EXTENSION_ROOT, manifest.icon)), manifest.icon);
    assert.equal(manifest.icon, 'images/icon.png');
  });

  it('activates for Python files', () => {
    assert.deepEqual(manifest.activationEvents, ['onLanguage:python']);
  });

  it('contributes every command the extension implements, in the codeeval category', () => {
    const contributed = manifest.contributes.commands;
    assert.deepEqual(contributed.map((c) => c.command).sort(), Object.values(Command).sort());
    for (const command of contributed) {
      assert.equal((command as { category?: string }).category, 'codeeval', command.command);
    }
  });

  it('puts Evaluate Solution in the editor title and the context menu of Python files', () => {
    const title = manifest.contributes.menus['editor/title'] ?? [];
    const context = manifest.contributes.menus['editor/context'] ?? [];
    assert.ok(title.some((m) => m.command === Command.evaluateSolution && m.when?.includes('resourceLangId == python')));
    assert.ok(context.some((m) => m.command === Command.evaluateSolution && m.when?.includes('editorLangId == python')));
  });

  it('ignores a workspace-chosen interpreter in untrusted workspaces', () => {
    assert.equal(manifest.capabilities.untrustedWorkspaces.supported, 'limited');
    assert.deepEqual(manifest.capabilities.untrustedWorkspaces.restrictedConfigurations, ['codeeval.interpreter']);
  });

  it('describes every setting', () => {
    for (const [key, schema] of Object.entries(manifest.contributes.configuration.properties)) {
      assert.ok(key.startsWith('codeeval.'), key);
      assert.ok(schema.description ?? schema.markdownDescription, `${key} has no description`);
      assert.ok(schema.scope, `${key} has no scope`);
      assert.ok('default' in schema, `${key} has no default`);
    }
  });
});
