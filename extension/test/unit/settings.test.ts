import * as assert from 'node:assert/strict';
import { didChangeConfigurationParams, DEFAULT_SERVER_SETTINGS, initializationOptions, SERVER_SETTING_KEYS } from '../../src/serverSettings';
import { classifySettingsChange, readInterpreterSetting, readServerSettings } from '../../src/settings';
import { readManifest } from '../paths';
import { fake } from '../stubs/vscode';

describe('settings', () => {
  beforeEach(() => fake.reset());

  it('declares every server setting in package.json with the same default, a description and a scope', () => {
    const properties = readManifest().contributes.configuration.properties;
    for (const key of SERVER_SETTING_KEYS) {
      const declared = properties[`codeeval.${key}`];
      assert.ok(declared, `codeeval.${key} is not contributed`);
      assert.deepEqual(declared.default, DEFAULT_SERVER_SETTINGS[key], `default of codeeval.${key}`);
      assert.ok(declared.description ?? declared.markdownDescription, `codeeval.${key} has no description`);
      assert.equal(declared.scope, 'resource', `codeeval.${key} should be per resource`);
    }
    assert.equal(properties['codeeval.interpreter']?.default, '');
  });

  it('reads the package.json defaults when nothing is set', () => {
    const { settings, invalid } = readServerSettings();
    assert.deepEqual(settings, DEFAULT_SERVER_SETTINGS);
    assert.deepEqual(invalid, []);
  });

  it('passes the user values through', () => {
    fake.changeConfiguration({
      'codeeval.problemsFolders': ['problems', 'more/problems'],
      'codeeval.run': 'onType',
      'codeeval.weights': { correctness: 60, code_quality: 40 },
      'codeeval.limits': { time_per_call_s: 0.5 },
      'codeeval.enabledRules': ['docstring'],
      'codeeval.disabledRules': ['naming'],
      'codeeval.inlayHints': false,
    });
    const { settings, invalid } = readServerSettings();
    assert.deepEqual(invalid, []);
    assert.deepEqual(settings.problemsFolders, ['problems', 'more/problems']);
    assert.equal(settings.run, 'onType');
    assert.deepEqual(settings.weights, { correctness: 60, code_quality: 40 });
    assert.deepEqual(settings.limits, { time_per_call_s: 0.5 });
    assert.deepEqual(settings.enabledRules, ['docstring']);
    assert.deepEqual(settings.disabledRules, ['naming']);
    assert.equal(settings.inlayHints, false);
  });

  it('replaces values of the wrong shape by the default and names them', () => {
    fake.changeConfiguration({
      'codeeval.run': 'always',
      'codeeval.weights': { correctness: 'high' },
      'codeeval.enabledRules': 'all',
      'codeeval.severityMap': { critical: 'fatal' },
      'codeeval.inlayHints': 'yes',
    });
    const { settings, invalid } = readServerSettings();
    assert.deepEqual([...invalid].sort(), ['enabledRules', 'inlayHints', 'run', 'severityMap', 'weights']);
    assert.equal(settings.inlayHints, true);
    assert.equal(settings.run, 'onSave');
    assert.deepEqual(settings.weights, {});
    assert.equal(settings.enabledRules, null);
    assert.deepEqual(settings.severityMap, DEFAULT_SERVER_SETTINGS.severityMap);
  });

  it('completes a partial severity map from the defaults', () => {
    fake.changeConfiguration({ 'codeeval.severityMap': { suggestion: 'hint' } });
    assert.deepEqual(readServerSettings().settings.severityMap, { critical: 'error', warning: 'warning', suggestion: 'hint' });
  });

  it('sends the settings under the section name, the same way at start and on change', () => {
    const { settings } = readServerSettings();
    assert.deepEqual(initializationOptions(settings), { codeeval: settings });
    assert.deepEqual(didChangeConfigurationParams(settings), { settings: { codeeval: settings } });
    assert.equal('interpreter' in initializationOptions(settings).codeeval, false);
  });

  it('treats a blank interpreter setting as unset and trims a real one', () => {
    assert.equal(readInterpreterSetting(), undefined);
    fake.changeConfiguration({ 'codeeval.interpreter': '   ' });
    assert.equal(readInterpreterSetting(), undefined);
    fake.changeConfiguration({ 'codeeval.interpreter': ' /opt/py/bin/python ' });
    assert.equal(readInterpreterSetting(), '/opt/py/bin/python');
  });

  it('restarts for the interpreter, notifies for server settings, ignores the rest', () => {
    const event = (...keys: string[]) => ({
      affectsConfiguration: (section: string) => keys.some((k) => k === section || k.startsWith(`${section}.`)),
    });
    assert.equal(classifySettingsChange(event('codeeval.interpreter')), 'restart');
    assert.equal(classifySettingsChange(event('codeeval.weights', 'codeeval.interpreter')), 'restart');
    assert.equal(classifySettingsChange(event('codeeval.weights')), 'notify');
    assert.equal(classifySettingsChange(event('codeeval.severityMap')), 'notify');
    assert.equal(classifySettingsChange(event('codeeval.trace.server')), 'none');
    assert.equal(classifySettingsChange(event('python.defaultInterpreterPath')), 'none');
  });
});
