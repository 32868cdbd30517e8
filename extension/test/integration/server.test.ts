// Integration test against the real Python language server. It starts
// `<repo>/.venv/bin/python -m codeeval lsp` with the extension's own launch
// code (python.ts -> launch.ts), sends the extension's initializationOptions,
// opens a sample solution, waits for diagnostics, and runs codeeval.evaluate
// through ServerApi, the same calls the commands make. It skips, saying why,
// while the server is not available (no .venv, no `codeeval lsp`, no sample).

import * as assert from 'node:assert/strict';
import { ChildProcess, execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  createProtocolConnection,
  Diagnostic,
  ProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  WorkDoneProgress,
} from 'vscode-languageserver-protocol/node';
import { ensureExited, probeCodeeval, serverLaunch, spawnServer } from '../../src/launch';
import { problemArgument, ServerCommand } from '../../src/protocol';
import { findInterpreter } from '../../src/python';
import { requestSender, RpcClient, ServerApi, WorkDoneProgressValue } from '../../src/serverApi';
import { DEFAULT_SERVER_SETTINGS, didChangeConfigurationParams, initializationOptions } from '../../src/serverSettings';
import { REPO_ROOT } from '../paths';

// An evaluation runs the solution in a sandbox many times (correctness, edge
// cases, timing); on a busy two-core machine that takes minutes.
const EVALUATE_TIMEOUT_MS = 420000;

interface Target {
  python: string;
  sample: string;
  problemName: string;
}

function run(command: string, args: string[], cwd: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, timeout: 60000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, output: `${String(stdout)}${String(stderr)}`.trim() });
    });
  });
}

/** The interpreter and sample to use, or why the test cannot run yet. */
async function findTarget(): Promise<Target | string> {
  const { interpreter } = await findInterpreter({
    // The project's venv, as scripts/setup makes it; CODEEVAL_TEST_PYTHON overrides it.
    setting: process.env.CODEEVAL_TEST_PYTHON || '${workspaceFolder}/.venv/bin/python',
    workspaceFolder: REPO_ROOT,
    activeEnvironment: async () => undefined,
  });
  const python = interpreter.command;
  if (path.isAbsolute(python) && !fs.existsSync(python)) {
    return `${python} does not exist (run scripts/setup)`;
  }
  const probe = await probeCodeeval(python, REPO_ROOT);
  if (probe.kind !== 'ok') {
    return `codeeval is not usable from ${python}: ${probe.kind}`;
  }
  const launch = serverLaunch(python, REPO_ROOT);
  const help = await run(launch.command, [...launch.args, '--help'], REPO_ROOT);
  if (help.code !== 0) {
    const lastLine = help.output.split('\n').pop() ?? '';
    return `\`python -m codeeval lsp --help\` fails (exit ${help.code}: ${lastLine}); the language server has not landed yet`;
  }
  const samples = path.join(REPO_ROOT, 'problems', 'samples');
  const names = fs.existsSync(samples) ? fs.readdirSync(samples).sort() : [];
  const problemName = names.find((name) => fs.existsSync(path.join(samples, name, 'messy.py')));
  if (!problemName) {
    return 'no problems/samples/<problem>/messy.py to open';
  }
  return { python, sample: path.join(samples, problemName, 'messy.py'), problemName };
}

function rpcOf(connection: ProtocolConnection): RpcClient {
  return {
    // The extension's own adapter (server.ts), so a request without a token is sent as the editor sends it.
    sendRequest: requestSender(connection),
    onProgress: (token, handler) => connection.onProgress(WorkDoneProgress.type, token, handler),
  };
}

async function waitFor(condition: () => boolean, what: string, timeoutMs: number, serverLog: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; server log:\n${serverLog()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Runs one step with its own deadline, and prints how long it took (the test is slow; say where). */
async function step<T>(what: string, timeoutMs: number, serverLog: () => string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer after ${timeoutMs} ms; server log:\n${serverLog()}`)), timeoutMs);
  });
  try {
    return await Promise.race([work(), deadline]);
  } finally {
    clearTimeout(timer);
    console.log(`      - ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
}

describe('integration: the real codeeval language server', function () {
  this.timeout(900000);
  let target: Target;
  let child: ChildProcess | undefined;
  let connection: ProtocolConnection | undefined;
  let stderr = '';

  before(async function () {
    const found = await findTarget();
    if (typeof found === 'string') {
      console.log(`      SKIPPED: ${found}`);
      this.skip();
    }
    target = found;
  });

  after(async () => {
    connection?.dispose();
    if (child) {
      // A server that is still up gets end-of-input, then is killed with its workers.
      child.stdin?.end();
      await ensureExited(child, 3000);
    }
  });

  it('starts through the launch code, publishes diagnostics for a sample, and returns a report URI from codeeval.evaluate', async () => {
    const root = pathToFileURL(REPO_ROOT).href;
    const settings = { ...DEFAULT_SERVER_SETTINGS };
    child = spawnServer(serverLaunch(target.python, REPO_ROOT));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const log = () => stderr.split('\n').slice(-40).join('\n');
    const conn = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    connection = conn;

    const diagnostics = new Map<string, Diagnostic[]>();
    conn.onNotification('textDocument/publishDiagnostics', (params: { uri: string; diagnostics: Diagnostic[] }) => {
      diagnostics.set(params.uri, params.diagnostics);
    });
    // What VS Code answers on the extension's behalf.
    conn.onRequest('workspace/configuration', (params: { items: { section?: string }[] }) =>
      params.items.map((item) => (item.section === 'codeeval' ? settings : null)),
    );
    conn.onRequest('window/workDoneProgress/create', () => null);
    conn.onRequest('client/registerCapability', () => null);
    conn.onRequest('client/unregisterCapability', () => null);
    conn.onRequest('window/showMessageRequest', () => null);
    conn.onRequest('workspace/applyEdit', () => ({ applied: false }));
    conn.listen();

    interface InitializeResult {
      capabilities: { executeCommandProvider?: { commands?: string[] } };
    }
    const init = await step('initialize', 60000, log, () => conn.sendRequest<InitializeResult>('initialize', {
      processId: process.pid,
      clientInfo: { name: 'codeeval extension integration test' },
      rootUri: root,
      workspaceFolders: [{ uri: root, name: path.basename(REPO_ROOT) }],
      capabilities: {
        workspace: { configuration: true, workspaceFolders: true, didChangeConfiguration: { dynamicRegistration: true } },
        textDocument: { synchronization: { didSave: true }, publishDiagnostics: { relatedInformation: true } },
        window: { workDoneProgress: true },
      },
      initializationOptions: initializationOptions(settings),
    }));
    const offered = init.capabilities.executeCommandProvider?.commands ?? [];
    for (const command of Object.values(ServerCommand)) {
      assert.ok(offered.includes(command), `the server does not offer ${command} (offers ${offered.join(', ')})`);
    }
    await conn.sendNotification('initialized', {});
    await conn.sendNotification('workspace/didChangeConfiguration', didChangeConfigurationParams(settings));

    const uri = pathToFileURL(target.sample).href;
    const text = fs.readFileSync(target.sample, 'utf8');
    await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'python', version: 1, text } });
    await conn.sendNotification('textDocument/didSave', { textDocument: { uri }, text });
    await step('publishDiagnostics', 90000, log, () => waitFor(() => (diagnostics.get(uri)?.length ?? 0) > 0, `diagnostics for ${uri}`, 90000, log));
    const first = diagnostics.get(uri)![0];
    assert.equal(typeof first.message, 'string');
    assert.equal(typeof first.range.start.line, 'number');

    const api = new ServerApi(rpcOf(conn));
    const problems = await step('codeeval.listProblems', 60000, log, () => api.listProblems(uri));
    assert.ok(problems.some((p) => p.name === 'none'), 'listProblems offers "none"');

    const progress: WorkDoneProgressValue[] = [];
    const onProgress = (value: WorkDoneProgressValue) => progress.push(value);
    let result = await step('codeeval.evaluate', EVALUATE_TIMEOUT_MS, log, () => api.evaluate({ uri, problem: null }, { onProgress }));
    if (result.status === 'needsProblem') {
      const choice = result.choices.find((c) => c.name === target.problemName);
      assert.ok(choice, `needsProblem does not offer ${target.problemName}`);
      result = await step('codeeval.evaluate with the problem', EVALUATE_TIMEOUT_MS, log, () =>
        api.evaluate({ uri, problem: problemArgument(choice) }, { onProgress }),
      );
    }
    assert.equal(result.status, 'done', `evaluate answered ${JSON.stringify(result)}; server log:\n${log()}`);
    if (result.status !== 'done') {
      return;
    }
    const reportPath = fileURLToPath(result.reportUri);
    assert.ok(fs.existsSync(reportPath), `report ${reportPath} does not exist`);
    assert.ok(result.score === null || (result.score >= 0 && result.score <= 100), `score ${String(result.score)}`);
    assert.equal(result.problem, target.problemName);

    const last = await step('codeeval.lastResult', 30000, log, () => api.lastResult(uri));
    assert.equal(last?.reportUri, result.reportUri);
    assert.equal(await step('codeeval.showReport', 30000, log, () => api.showReport(uri)), result.reportUri);

    await step('shutdown and exit', 30000, log, async () => {
      await conn.sendRequest('shutdown');
      await conn.sendNotification('exit');
      await ensureExited(child!, 10000);
    });
    assert.equal(child.signalCode, null, 'the server exited by itself after shutdown/exit');
  });
});
