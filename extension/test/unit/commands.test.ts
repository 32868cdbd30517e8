// The extension as VS Code sees it: activate() with the stubbed `vscode` and
// language client, then the contributed commands run as a user would run them.

import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { activate, deactivate } from '../../src/extension';
import { PYTHON_EXTENSION_ID } from '../../src/pythonExtension';
import { readManifest } from '../paths';
import { LanguageClient, State } from '../stubs/languageclient';
import { commands, fake, Uri } from '../stubs/vscode';
import { deferred, tempDir, waitFor, workingInterpreter } from './helpers';

interface ExecuteParams {
  command: string;
  arguments: [{ uri: string; problem?: string | null }];
  workDoneToken?: string;
}

const REPORT = 'file:///ws/.codeeval/reports/a.md';
const done = (problem = 'two_sum') => ({ status: 'done', score: 71.5, problem, reportUri: REPORT, jsonUri: null, dimensions: { correctness: 100 } });

describe('commands (activated extension)', () => {
  let context: { subscriptions: { dispose(): unknown }[] };
  let workspaceDir: string;
  let evaluateCalls: ExecuteParams[];
  /** What the fake server answers to codeeval.evaluate, call by call. */
  let evaluateAnswers: ((params: ExecuteParams, client: LanguageClient) => Promise<unknown>)[];
  let otherAnswers: Record<string, unknown>;

  function client(): LanguageClient {
    const last = LanguageClient.instances.at(-1);
    assert.ok(last, 'no language client was created');
    return last;
  }

  async function startExtension(): Promise<void> {
    context = { subscriptions: [] };
    activate(context as never);
    await waitFor(() => LanguageClient.instances.at(-1)?.state === State.Running, 'the server to start');
  }

  function previews(): string[] {
    return fake.state.executed.filter((e) => e.id === 'markdown.showPreviewToSide').map((e) => String(e.args[0]));
  }

  beforeEach(async () => {
    fake.reset();
    LanguageClient.reset();
    workspaceDir = tempDir();
    fake.state.workspaceFolders = [{ uri: Uri.file(workspaceDir), name: 'ws', index: 0 }];
    fake.state.configuration.set('codeeval.interpreter', workingInterpreter(workspaceDir));
    evaluateCalls = [];
    evaluateAnswers = [];
    otherAnswers = {};
    LanguageClient.script.request = async (method, raw, _token, self) => {
      assert.equal(method, 'workspace/executeCommand');
      const params = raw as ExecuteParams;
      if (params.command === 'codeeval.evaluate') {
        evaluateCalls.push(params);
        const answer = evaluateAnswers.shift();
        assert.ok(answer, 'unexpected codeeval.evaluate call');
        return answer(params, self);
      }
      return otherAnswers[params.command] ?? null;
    };
    await startExtension();
  });

  afterEach(async () => {
    context.subscriptions.forEach((d) => d.dispose());
    await deactivate();
  });

  it('registers exactly the commands package.json contributes, and menus use only those', () => {
    const manifest = readManifest();
    const contributed = manifest.contributes.commands.map((c) => c.command).sort();
    assert.deepEqual([...fake.state.commands.keys()].sort(), contributed);
    for (const [menu, entries] of Object.entries(manifest.contributes.menus)) {
      for (const entry of entries) {
        assert.ok(contributed.includes(entry.command), `${menu} names unknown command ${entry.command}`);
      }
    }
  });

  it('Evaluate Solution: progress with cancel, score in the status bar, report beside the editor', async () => {
    const doc = fake.openEditor(path.join(workspaceDir, 'a.py'));
    evaluateAnswers.push(async (params, self) => {
      self.progress(params.workDoneToken!, { kind: 'begin', title: 'Evaluating', percentage: 10, message: 'correctness' });
      self.progress(params.workDoneToken!, { kind: 'report', percentage: 60, message: 'performance' });
      self.progress(params.workDoneToken!, { kind: 'end' });
      return done();
    });
    const result = await commands.executeCommand('codeeval.evaluateSolution');
    assert.equal((result as { status: string }).status, 'done');
    assert.deepEqual(evaluateCalls[0]?.arguments, [{ uri: doc.uri.toString(), problem: null }]);
    const progress = fake.state.progress[0];
    assert.equal(progress.options.cancellable, true);
    assert.match(progress.options.title ?? '', /a\.py/);
    assert.deepEqual(progress.reports, [
      { message: 'correctness', increment: 10 },
      { message: 'performance', increment: 50 },
    ]);
    assert.deepEqual(previews(), [REPORT]);
    const item = fake.state.statusBarItems[0];
    assert.equal(item.text, '$(beaker) 71.5');
    assert.deepEqual(fake.messageTexts('error'), []);
  });

  it('asks which problem when the server needs one, then calls again with the choice', async () => {
    fake.openEditor(path.join(workspaceDir, 'a.py'));
    evaluateAnswers.push(async () => ({
      status: 'needsProblem',
      message: 'no problem file matches a.py',
      choices: [
        { name: 'two_sum', path: '/ws/problems/two_sum.yaml', summary: 'Indices of two numbers adding to a target.' },
        { name: 'none', path: null, summary: null },
      ],
    }));
    evaluateAnswers.push(async () => done());
    fake.state.answerQuickPick = (items) => items.find((i) => i.label === 'two_sum');
    await commands.executeCommand('codeeval.evaluateSolution');
    assert.equal(fake.state.quickPicks.length, 1);
    assert.deepEqual(
      fake.state.quickPicks[0]?.items.map((i) => i.label),
      ['two_sum', '$(circle-slash) No problem'],
    );
    assert.equal((fake.state.quickPicks[0]?.options as { placeHolder?: string }).placeHolder, 'no problem file matches a.py');
    assert.equal(evaluateCalls.length, 2);
    assert.equal(evaluateCalls[1]?.arguments[0].problem, '/ws/problems/two_sum.yaml');
    assert.deepEqual(previews(), [REPORT]);
  });

  it('sends "none" when the user evaluates without a problem', async () => {
    fake.openEditor(path.join(workspaceDir, 'a.py'));
    evaluateAnswers.push(async () => ({ status: 'needsProblem', choices: ['two_sum', { name: 'none' }] }));
    evaluateAnswers.push(async () => done('none'));
    fake.state.answerQuickPick = (items) => items.find((i) => i.label.includes('No problem'));
    await commands.executeCommand('codeeval.evaluateSolution');
    assert.equal(evaluateCalls[1]?.arguments[0].problem, 'none');
  });

  it('stops quietly when the user dismisses the problem QuickPick', async () => {
    fake.openEditor(path.join(workspaceDir, 'a.py'));
    evaluateAnswers.push(async () => ({ status: 'needsProblem', choices: ['two_sum'] }));
    fake.state.answerQuickPick = () => undefined;
    assert.equal(await commands.executeCommand('codeeval.evaluateSolution'), undefined);
    assert.equal(evaluateCalls.length, 1);
    assert.deepEqual(previews(), []);
    assert.deepEqual(fake.messageTexts('error'), []);
  });

  it('cancels: the progress cancel button ends the command at once and cancels the request', async () => {
    fake.openEditor(path.join(workspaceDir, 'a.py'));
    const neverAnswered = deferred<unknown>();
    let requestToken: { isCancellationRequested: boolean } | undefined;
    LanguageClient.script.request = async (_method, params, token) => {
      evaluateCalls.push(params as ExecuteParams);
      requestToken = token as { isCancellationRequested: boolean };
      return neverAnswered.promise;
    };
    fake.state.onProgress = (record) => setTimeout(() => record.cancel(), 10);
    assert.equal(await commands.executeCommand('codeeval.evaluateSolution'), undefined);
    assert.equal(requestToken?.isCancellationRequested, true, 'the request token is cancelled, so $/cancelRequest is sent');
    assert.deepEqual(previews(), []);
    assert.deepEqual(fake.messageTexts('error'), []);
  });

  it('treats the server answering {status: "cancelled"} as a cancellation', async () => {
    fake.openEditor(path.join(workspaceDir, 'a.py'));
    evaluateAnswers.push(async () => ({ status: 'cancelled' }));
    assert.equal(await commands.executeCommand('codeeval.evaluateSolution'), undefined);
    assert.deepEqual(previews(), []);
    assert.deepEqual(fake.messageTexts('error'), []);
  });

  it('shows an error with "Show Log" when the evaluation fails', async () => {
    fake.openEditor(path.join(workspaceDir, 'a.py'));
    evaluateAnswers.push(async () => {
      throw new Error('Internal error: sandbox unavailable');
    });
    fake.state.answerMessage = (_message, actions) => actions[0];
    await commands.executeCommand('codeeval.evaluateSolution');
    const [error] = fake.state.messages.filter((m) => m.level === 'error');
    assert.match(error?.message ?? '', /evaluation failed: Internal error: sandbox unavailable/);
    assert.deepEqual(error?.actions, ['Show Log']);
    await waitFor(() => fake.state.outputShown === 1, 'the log to be shown');
  });

  it('saves an unsaved file before evaluating it', async () => {
    const doc = fake.openEditor(path.join(workspaceDir, 'a.py'), 'python', true);
    evaluateAnswers.push(async () => {
      assert.equal(doc.isDirty, false, 'saved before the request');
      return done();
    });
    await commands.executeCommand('codeeval.evaluateSolution');
    assert.equal(doc.saves, 1);
  });

  it('evaluates the file a menu passes, not the active editor', async () => {
    fake.openEditor(path.join(workspaceDir, 'active.py'));
    const other = Uri.file(path.join(workspaceDir, 'other.py'));
    evaluateAnswers.push(async () => done());
    await commands.executeCommand('codeeval.evaluateSolution', other);
    assert.equal(evaluateCalls[0]?.arguments[0].uri, other.toString());
  });

  it('explains instead of calling the server when no Python file is open', async () => {
    fake.openEditor(path.join(workspaceDir, 'notes.md'), 'markdown');
    await commands.executeCommand('codeeval.evaluateSolution');
    assert.equal(evaluateCalls.length, 0);
    assert.match(fake.messageTexts('information')[0] ?? '', /open a Python file/);
  });

  it("runs the same flow for the server's own codeeval.evaluate (code lens)", async () => {
    evaluateAnswers.push(async () => done());
    const middleware = client().clientOptions.middleware!.executeCommand!;
    const uri = Uri.file(path.join(workspaceDir, 'lens.py')).toString();
    // The server's lens asks for `show: true`; the client shows things itself, so it does not pass that on.
    await middleware('codeeval.evaluate', [{ uri, show: true }], () => assert.fail('must not bypass the client flow'));
    assert.deepEqual(evaluateCalls[0]?.arguments, [{ uri, problem: null }]);
    assert.equal(fake.state.progress.length, 1);
    assert.deepEqual(previews(), [REPORT]);
  });

  it("Show Last Report opens the server's report URI in the preview beside the editor", async () => {
    fake.openEditor(path.join(workspaceDir, 'a.py'));
    otherAnswers['codeeval.showReport'] = { reportUri: 'file:///ws/.codeeval/reports/b.md' };
    await commands.executeCommand('codeeval.showLastReport');
    assert.deepEqual(previews(), ['file:///ws/.codeeval/reports/b.md']);
    const call = client().requests.find((r) => (r.params as ExecuteParams).command === 'codeeval.showReport');
    assert.equal((call?.params as ExecuteParams).arguments[0].uri, fake.state.activeTextEditor?.document.uri.toString());
  });

  it('Show Last Report without a report offers to evaluate', async () => {
    fake.openEditor(path.join(workspaceDir, 'a.py'));
    evaluateAnswers.push(async () => done());
    fake.state.answerMessage = (message, actions) => (message.includes('not been evaluated') ? actions[0] : undefined);
    await commands.executeCommand('codeeval.showLastReport');
    assert.ok(fake.state.executed.some((e) => e.id === 'codeeval.evaluateSolution'));
    assert.equal(evaluateCalls.length, 1);
  });

  it('clicking the status bar score opens that report', async () => {
    fake.openEditor(path.join(workspaceDir, 'a.py'));
    evaluateAnswers.push(async () => done());
    await commands.executeCommand('codeeval.evaluateSolution');
    const command = fake.state.statusBarItems[0]?.command as { command: string; arguments: unknown[] };
    otherAnswers['codeeval.showReport'] = { reportUri: REPORT };
    await commands.executeCommand(command.command, ...command.arguments);
    assert.deepEqual(previews(), [REPORT, REPORT]);
  });

  it('Open Problem File opens the problem of the last evaluation', async () => {
    fake.openEditor(path.join(workspaceDir, 'a.py'));
    otherAnswers['codeeval.lastResult'] = { score: 50, problem: 'two_sum', reportUri: REPORT };
    otherAnswers['codeeval.listProblems'] = [
      { name: 'fizz', path: 'problems/fizz.yaml', summary: null },
      { name: 'two_sum', path: 'problems/two_sum.yaml', summary: null },
      { name: 'none', path: null, summary: null },
    ];
    await commands.executeCommand('codeeval.openProblemFile');
    assert.deepEqual(
      fake.state.shownDocuments.map((u) => u.fsPath),
      [path.join(workspaceDir, 'problems/two_sum.yaml')],
    );
    assert.equal(fake.state.quickPicks.length, 0);
  });

  it('Open Problem File lets the user pick when the file was never evaluated', async () => {
    fake.openEditor(path.join(workspaceDir, 'a.py'));
    otherAnswers['codeeval.listProblems'] = [
      { name: 'fizz', path: '/abs/fizz.yaml', summary: 'FizzBuzz' },
      { name: 'none', path: null, summary: null },
    ];
    fake.state.answerQuickPick = (items) => items[0];
    await commands.executeCommand('codeeval.openProblemFile');
    assert.deepEqual(fake.state.quickPicks[0]?.items.map((i) => i.label), ['fizz'], '"no problem" is not a file');
    assert.deepEqual(fake.state.shownDocuments.map((u) => u.fsPath), ['/abs/fizz.yaml']);
  });

  it('Restart Server stops the client and starts a new one', async () => {
    const first = client();
    await commands.executeCommand('codeeval.restartServer');
    assert.equal(LanguageClient.instances.length, 2);
    assert.equal(first.stops, 1);
    assert.equal(client().state, State.Running);
  });

  it('sends server settings on change without restarting; an interpreter change restarts once', async () => {
    const first = client();
    fake.changeConfiguration({ 'codeeval.weights': { correctness: 80, code_quality: 20 } });
    await waitFor(() => first.notifications.length === 1, 'didChangeConfiguration');
    const sent = first.notifications[0]?.params as { settings: { codeeval: { weights: unknown } } };
    assert.deepEqual(sent.settings.codeeval.weights, { correctness: 80, code_quality: 20 });
    assert.equal(LanguageClient.instances.length, 1);

    const other = workingInterpreter(tempDir());
    fake.changeConfiguration({ 'codeeval.interpreter': other });
    fake.changeConfiguration({ 'codeeval.interpreter': other });
    await waitFor(() => LanguageClient.instances.length === 2 && client().state === State.Running, 'one restart');
    await new Promise((resolve) => setTimeout(resolve, 400));
    assert.equal(LanguageClient.instances.length, 2, 'two quick changes, one restart');
  });
});

describe('commands when codeeval is not installed', () => {
  let context: { subscriptions: { dispose(): unknown }[] };

  beforeEach(() => {
    fake.reset();
    LanguageClient.reset();
    context = { subscriptions: [] };
  });

  afterEach(async () => {
    context.subscriptions.forEach((d) => d.dispose());
    await deactivate();
  });

  it('says so with "Show setup", which prints the steps; no client is started', async () => {
    const missing = path.join(tempDir(), 'no-python-here');
    fake.state.configuration.set('codeeval.interpreter', missing);
    fake.state.answerMessage = (_message, actions) => (actions.includes('Show setup') ? 'Show setup' : undefined);
    fake.openEditor('/ws/a.py');
    activate(context as never);
    await waitFor(() => fake.state.outputShown > 0, 'the setup text');
    const [error] = fake.state.messages;
    assert.match(error?.message ?? '', new RegExp(`cannot run the Python interpreter ${missing}`));
    assert.deepEqual(error?.actions, ['Show setup', 'Select interpreter']);
    assert.ok(fake.state.log.some((l) => l.message.includes(`${missing} -m codeeval lsp`)));
    assert.equal(LanguageClient.instances.length, 0);
    assert.equal(fake.state.statusBarItems[0]?.text, '$(warning) codeeval');

    await commands.executeCommand('codeeval.evaluateSolution');
    assert.equal(fake.state.messages.length, 2, 'evaluating repeats the setup message');
    assert.match(fake.state.messages[1]?.message ?? '', /cannot run the Python interpreter/);
  });

  it("uses the Python extension's interpreter when the setting is blank, and restarts when it changes", async () => {
    const dir = tempDir();
    const envPython = workingInterpreter(dir);
    const listeners: (() => void)[] = [];
    fake.state.extensions.set(PYTHON_EXTENSION_ID, {
      isActive: true,
      exports: {
        environments: {
          getActiveEnvironmentPath: () => ({ id: 'env', path: dir }),
          resolveEnvironment: async () => ({ executable: { uri: Uri.file(envPython) } }),
          onDidChangeActiveEnvironmentPath: (listener: () => void) => {
            listeners.push(listener);
            return { dispose: () => undefined };
          },
        },
      },
    });
    activate(context as never);
    await waitFor(() => LanguageClient.instances.at(-1)?.state === State.Running, 'the server to start');
    assert.ok(fake.state.log.some((l) => l.message.includes(`Python interpreter: ${envPython} (from the Python extension`)));
    await waitFor(() => listeners.length === 1, 'the environment listener');
    listeners[0]?.();
    await waitFor(() => LanguageClient.instances.length === 2 && LanguageClient.instances[1]?.state === State.Running, 'a restart');
  });
});
