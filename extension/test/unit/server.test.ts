import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { createLogger } from '../../src/logging';
import type { ProbeResult } from '../../src/launch';
import { ServerDeps, ServerManager, ServerState } from '../../src/server';
import { DEFAULT_SERVER_SETTINGS } from '../../src/serverSettings';
import type { SetupProblem } from '../../src/setup';
import { LanguageClient, State } from '../stubs/languageclient';
import { fake, window } from '../stubs/vscode';
import { fakeInterpreter, tempDir, waitFor } from './helpers';

describe('server lifecycle', () => {
  let probeResult: ProbeResult;
  let probes: string[];
  let setupProblems: SetupProblem[];
  let intercepted: { command: string; args: unknown[] }[];
  let states: ServerState[];

  function manager(overrides: Partial<ServerDeps> = {}): ServerManager {
    const server = new ServerManager({
      log: createLogger(window.createOutputChannel('codeeval') as never),
      lookupInterpreter: async () => ({ interpreter: { command: '/venv/bin/python', source: 'setting' }, notes: [] }),
      probe: async (python) => {
        probes.push(python);
        return probeResult;
      },
      serverSettings: () => ({ ...DEFAULT_SERVER_SETTINGS, run: 'onType' }),
      workspaceRoot: () => '/ws',
      onSetupProblem: (problem) => setupProblems.push(problem),
      interceptCommand: (command, args) => {
        intercepted.push({ command, args });
        return command === 'codeeval.evaluate' ? Promise.resolve('handled by the client') : undefined;
      },
      restartDelayMs: 1,
      ...overrides,
    });
    server.onDidChangeState((state) => states.push(state));
    return server;
  }

  beforeEach(() => {
    fake.reset();
    LanguageClient.reset();
    probeResult = { kind: 'ok', version: '0.1.0' };
    probes = [];
    setupProblems = [];
    intercepted = [];
    states = [];
  });

  it('starts a language client for Python documents with the settings as initializationOptions', async () => {
    const server = manager();
    await server.restart('test');
    assert.equal(LanguageClient.instances.length, 1);
    const client = LanguageClient.instances[0];
    assert.equal(client.id, 'codeeval');
    assert.equal(client.starts, 1);
    assert.deepEqual(client.clientOptions.documentSelector, [
      { scheme: 'file', language: 'python' },
      { scheme: 'untitled', language: 'python' },
    ]);
    assert.deepEqual(client.clientOptions.initializationOptions, { codeeval: { ...DEFAULT_SERVER_SETTINGS, run: 'onType' } });
    assert.deepEqual(probes, ['/venv/bin/python']);
    assert.equal(server.state, 'running');
    assert.deepEqual(states, ['starting', 'running']);
    assert.ok(server.api());
  });

  it('starts the server process through launch.ts: `<python> -m codeeval lsp` in the workspace folder', async () => {
    const dir = tempDir();
    const record = path.join(dir, 'argv');
    const python = fakeInterpreter(dir, `echo "$@" > ${record}; pwd >> ${record}`);
    const server = manager({
      lookupInterpreter: async () => ({ interpreter: { command: python, source: 'setting' }, notes: [] }),
      workspaceRoot: () => dir,
    });
    await server.restart('test');
    const serverOptions = LanguageClient.instances[0].serverOptions as () => Promise<ChildProcess>;
    const child = await serverOptions();
    await new Promise((resolve) => child.on('exit', resolve));
    assert.deepEqual(fs.readFileSync(record, 'utf8').trim().split('\n'), ['-m codeeval lsp', fs.realpathSync(dir)]);
  });

  it('does not start a client when codeeval cannot be imported, and reports the setup problem', async () => {
    probeResult = { kind: 'codeevalMissing', detail: "No module named 'codeeval'" };
    const server = manager();
    await server.restart('test');
    assert.equal(LanguageClient.instances.length, 0);
    assert.equal(server.state, 'setupNeeded');
    assert.equal(setupProblems.length, 1);
    assert.equal(setupProblems[0]?.probe.kind, 'codeevalMissing');
    assert.equal(server.setupProblem?.interpreter.command, '/venv/bin/python');
    assert.equal(server.api(), undefined);
    assert.equal(await server.ready(), undefined);
  });

  it('coalesces a burst of restarts into one new client and stops the old one once', async () => {
    const server = manager();
    await server.restart('first start');
    const first = LanguageClient.instances[0];
    await Promise.all([server.restart('a'), server.restart('b'), server.restart('c')]);
    assert.equal(LanguageClient.instances.length, 2);
    assert.equal(first.stops, 1);
    assert.equal(LanguageClient.instances[1]?.starts, 1);
    assert.equal(server.state, 'running');
  });

  it('waits for a pending restart before handing out the server', async () => {
    const server = manager();
    void server.restart('start');
    assert.equal(server.api(), undefined);
    const api = await server.ready();
    assert.ok(api);
    assert.equal(LanguageClient.instances.length, 1);
  });

  it('does not restart again for a command that waits while a restart runs', async () => {
    let releaseStart: () => void = () => undefined;
    LanguageClient.script.start = () => new Promise<void>((resolve) => (releaseStart = resolve));
    const server = manager();
    const restarted = server.restart('test');
    await waitFor(() => LanguageClient.instances.length === 1, 'the client to be created');
    const ready = server.ready();
    releaseStart();
    await restarted;
    assert.ok(await ready);
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(LanguageClient.instances.length, 1);
  });

  it('marks the server failed when looking up the interpreter throws', async () => {
    const server = manager({
      lookupInterpreter: () => Promise.reject(new Error('no folder')),
    });
    await server.restart('test');
    assert.equal(server.state, 'failed');
    assert.ok(fake.state.log.some((line) => line.level === 'error' && line.message.includes('no folder')));
  });

  it('marks the server failed when the client cannot start', async () => {
    LanguageClient.script.start = async () => {
      throw new Error('server exited with code 2');
    };
    const server = manager();
    await server.restart('test');
    assert.equal(server.state, 'failed');
    assert.equal(server.api(), undefined);
    assert.ok(fake.state.log.some((line) => line.level === 'error' && line.message.includes('server exited with code 2')));
  });

  it('follows the client when the server process dies and comes back', async () => {
    const server = manager();
    await server.restart('test');
    const client = LanguageClient.instances[0];
    client.changeState(State.Stopped);
    assert.equal(server.state, 'failed');
    client.changeState(State.Starting);
    client.changeState(State.Running);
    assert.equal(server.state, 'running');
  });

  it('sends changed settings with workspace/didChangeConfiguration, only while running', async () => {
    const server = manager();
    await server.sendSettings({ ...DEFAULT_SERVER_SETTINGS });
    await server.restart('test');
    const client = LanguageClient.instances[0];
    const settings = { ...DEFAULT_SERVER_SETTINGS, weights: { correctness: 100 } };
    await server.sendSettings(settings);
    assert.deepEqual(client.notifications, [{ method: 'workspace/didChangeConfiguration', params: { settings: { codeeval: settings } } }]);
  });

  it("routes the server's codeeval.evaluate (e.g. from a code lens) to the client's flow, and other commands to the server", async () => {
    const server = manager();
    await server.restart('test');
    const middleware = LanguageClient.instances[0].clientOptions.middleware!.executeCommand!;
    const sentOn: string[] = [];
    const next = (command: string) => {
      sentOn.push(command);
      return 'sent to the server';
    };
    assert.equal(await middleware('codeeval.evaluate', [{ uri: 'file:///a.py' }], next), 'handled by the client');
    assert.equal(await middleware('codeeval.showReport', [{ uri: 'file:///a.py' }], next), 'sent to the server');
    assert.deepEqual(sentOn, ['codeeval.showReport']);
    assert.deepEqual(intercepted[0], { command: 'codeeval.evaluate', args: [{ uri: 'file:///a.py' }] });
  });

  it('stops the client on dispose', async () => {
    const server = manager();
    await server.restart('test');
    await server.dispose();
    assert.equal(LanguageClient.instances[0]?.stops, 1);
    assert.equal(server.state, 'stopped');
  });
});
