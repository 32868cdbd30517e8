import * as assert from 'node:assert/strict';
import { defaultPythonCommand, describeInterpreter, expandInterpreterSetting, findInterpreter } from '../../src/python';
import { activeInterpreterPath, onDidChangeActiveInterpreter, PYTHON_EXTENSION_ID } from '../../src/pythonExtension';
import { fake, Uri } from '../stubs/vscode';

describe('interpreter lookup', () => {
  it('uses the codeeval.interpreter setting first, without asking the Python extension', async () => {
    let asked = false;
    const { interpreter } = await findInterpreter({
      setting: '${workspaceFolder}/.venv/bin/python',
      workspaceFolder: '/ws',
      activeEnvironment: async () => {
        asked = true;
        return '/from/extension/python';
      },
    });
    assert.deepEqual(interpreter, { command: '/ws/.venv/bin/python', source: 'setting' });
    assert.equal(asked, false);
  });

  it("uses the Python extension's environment when the setting is blank", async () => {
    const { interpreter, notes } = await findInterpreter({
      setting: undefined,
      workspaceFolder: '/ws',
      activeEnvironment: async () => '/envs/a/bin/python',
    });
    assert.deepEqual(interpreter, { command: '/envs/a/bin/python', source: 'pythonExtension' });
    assert.deepEqual(notes, []);
  });

  it('falls back to python3 on PATH without the Python extension', async () => {
    const { interpreter } = await findInterpreter({ setting: undefined, workspaceFolder: undefined, activeEnvironment: async () => undefined, platform: 'linux' });
    assert.deepEqual(interpreter, { command: 'python3', source: 'path' });
    assert.equal(defaultPythonCommand('win32'), 'python');
  });

  it('falls back to PATH with a note when the Python extension fails', async () => {
    const { interpreter, notes } = await findInterpreter({
      setting: undefined,
      workspaceFolder: undefined,
      activeEnvironment: async () => {
        throw new Error('API broke');
      },
      platform: 'linux',
    });
    assert.equal(interpreter.source, 'path');
    assert.equal(notes.length, 1);
    assert.match(notes[0] ?? '', /API broke/);
  });

  it('expands ~, ${userHome} and relative paths, and leaves bare commands for PATH', () => {
    assert.equal(expandInterpreterSetting('~/py/bin/python', '/ws', '/home/u'), '/home/u/py/bin/python');
    assert.equal(expandInterpreterSetting('${userHome}/py', '/ws', '/home/u'), '/home/u/py');
    assert.equal(expandInterpreterSetting('.venv/bin/python', '/ws', '/home/u'), '/ws/.venv/bin/python');
    assert.equal(expandInterpreterSetting('python3.12', '/ws', '/home/u'), 'python3.12');
    assert.equal(expandInterpreterSetting('/abs/python', '/ws', '/home/u'), '/abs/python');
  });

  it('says where the interpreter came from', () => {
    assert.equal(describeInterpreter({ command: 'python3', source: 'path' }), 'python3 (from PATH)');
    assert.match(describeInterpreter({ command: '/p', source: 'setting' }), /codeeval\.interpreter/);
  });
});

describe('Python extension (optional)', () => {
  beforeEach(() => fake.reset());

  function pythonExtension(executable: string | undefined, isActive: boolean) {
    const calls = { activate: 0, resource: undefined as unknown };
    const exportsApi = {
      ready: Promise.resolve(),
      environments: {
        getActiveEnvironmentPath: (resource: unknown) => {
          calls.resource = resource;
          return { id: 'env', path: '/envs/a' };
        },
        resolveEnvironment: async (env: { path: string }) =>
          env.path === '/envs/a' ? { executable: { uri: executable ? Uri.file(executable) : undefined } } : undefined,
        onDidChangeActiveEnvironmentPath: (listener: () => void) => {
          changeListeners.push(listener);
          return { dispose: () => undefined };
        },
      },
    };
    const changeListeners: (() => void)[] = [];
    fake.state.extensions.set(PYTHON_EXTENSION_ID, {
      isActive,
      exports: isActive ? exportsApi : undefined,
      activate: async () => {
        calls.activate++;
        return exportsApi;
      },
    });
    return { calls, changeListeners };
  }

  it('answers undefined when the extension is not installed', async () => {
    assert.equal(await activeInterpreterPath(), undefined);
    assert.equal(await onDidChangeActiveInterpreter(() => undefined), undefined);
  });

  it("activates the extension if needed and returns the active environment's executable", async () => {
    const { calls } = pythonExtension('/envs/a/bin/python', false);
    const folder = Uri.file('/ws');
    assert.equal(await activeInterpreterPath(folder as never), '/envs/a/bin/python');
    assert.equal(calls.activate, 1);
    assert.equal(calls.resource, folder);
  });

  it('answers undefined for an environment without an executable', async () => {
    pythonExtension(undefined, true);
    assert.equal(await activeInterpreterPath(), undefined);
  });

  it('ignores an extension whose API has another shape', async () => {
    fake.state.extensions.set(PYTHON_EXTENSION_ID, { isActive: true, exports: { settings: {} }, activate: async () => ({}) });
    assert.equal(await activeInterpreterPath(), undefined);
  });

  it('forwards environment changes', async () => {
    const { changeListeners } = pythonExtension('/envs/a/bin/python', true);
    let changes = 0;
    const subscription = await onDidChangeActiveInterpreter(() => changes++);
    assert.ok(subscription);
    changeListeners.forEach((listener) => listener());
    assert.equal(changes, 1);
  });
});
