// "codeeval: Evaluate Changes Against HEAD" and the "Accept as intended…" quick
// action, in the activated extension with the stubbed `vscode` and client.

import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { activate, deactivate } from '../../src/extension';
import { LanguageClient, State } from '../stubs/languageclient';
import { commands, fake, Uri } from '../stubs/vscode';
import { tempDir, waitFor, workingInterpreter } from './helpers';

interface ExecuteParams {
  command: string;
  arguments: [Record<string, unknown>];
  workDoneToken?: string;
}

const REPORT = 'file:///ws/.codeeval/reports/review.md';
const reviewed = {
  status: 'done',
  message: '1 behaviour change(s) in 1 changed function(s).',
  reportUri: REPORT,
  jsonUri: 'file:///ws/.codeeval/reports/review.json',
  changed: 1,
  behaviourChanges: 1,
  slowdowns: 0,
};

describe('review of changes (activated extension)', () => {
  let context: { subscriptions: { dispose(): unknown }[] };
  let workspaceDir: string;
  let calls: ExecuteParams[];
  let answers: Record<string, (params: ExecuteParams, client: LanguageClient) => Promise<unknown>>;

  function previews(): string[] {
    return fake.state.executed.filter((e) => e.id === 'markdown.showPreviewToSide').map((e) => String(e.args[0]));
  }

  function middleware(): (command: string, args: unknown[], next: (c: string, a: unknown[]) => unknown) => unknown {
    const client = LanguageClient.instances.at(-1);
    assert.ok(client);
    return client.clientOptions.middleware!.executeCommand!;
  }

  beforeEach(async () => {
    fake.reset();
    LanguageClient.reset();
    workspaceDir = tempDir();
    fake.state.workspaceFolders = [{ uri: Uri.file(workspaceDir), name: 'ws', index: 0 }];
    fake.state.configuration.set('codeeval.interpreter', workingInterpreter(workspaceDir));
    calls = [];
    answers = {};
    LanguageClient.script.request = async (_method, raw, _token, self) => {
      const params = raw as ExecuteParams;
      calls.push(params);
      const answer = answers[params.command];
      return answer ? answer(params, self) : null;
    };
    context = { subscriptions: [] };
    activate(context as never);
    await waitFor(() => LanguageClient.instances.at(-1)?.state === State.Running, 'the server to start');
  });

  afterEach(async () => {
    context.subscriptions.forEach((d) => d.dispose());
    await deactivate();
  });

  it('runs codeeval.reviewChanges with progress and opens the report beside the code', async () => {
    const doc = fake.openEditor(path.join(workspaceDir, 'core.py'), 'python', true);
    answers['codeeval.reviewChanges'] = async (params, client) => {
      client.progress(params.workDoneToken!, { kind: 'report', message: '1 function(s) reviewed' });
      return reviewed;
    };
    const result = await commands.executeCommand('codeeval.evaluateChanges');
    assert.deepEqual(result, reviewed);
    const call = calls.find((c) => c.command === 'codeeval.reviewChanges');
    assert.deepEqual(call?.arguments, [{ uri: doc.uri.toString() }]);
    assert.equal(doc.isDirty, false, 'the Python file is saved first: the review reads the disk');
    assert.equal(fake.state.progress[0]?.options.cancellable, true);
    assert.deepEqual(fake.state.progress[0]?.reports, [{ message: '1 function(s) reviewed' }]);
    assert.deepEqual(previews(), [REPORT]);
  });

  it('says why when there is nothing to review, and opens nothing', async () => {
    answers['codeeval.reviewChanges'] = async () => ({
      ...reviewed,
      status: 'nothing',
      message: '/ws is not inside a git checkout: nothing to compare against',
      reportUri: null,
      jsonUri: null,
    });
    await commands.executeCommand('codeeval.evaluateChanges');
    assert.deepEqual(fake.messageTexts('information'), ['codeeval: /ws is not inside a git checkout: nothing to compare against']);
    assert.deepEqual(previews(), []);
  });

  it('a "review against HEAD" lens goes through the same flow', async () => {
    answers['codeeval.reviewChanges'] = async () => reviewed;
    const uri = Uri.file(path.join(workspaceDir, 'core.py')).toString();
    await middleware()('codeeval.reviewChanges', [{ uri, show: true }], () => assert.fail('the client runs it'));
    assert.deepEqual(previews(), [REPORT]);
  });

  it('"Accept as intended…" asks why; an empty answer keeps the default reason, Escape sends nothing', async () => {
    const uri = Uri.file(path.join(workspaceDir, 'core.py')).toString();
    answers['codeeval.acceptChange'] = async () => ({
      kind: 'dismiss',
      target: 'c6282e1d226f',
      reviewer: 'ana',
      reason: 'accepted in the editor',
      decisionFile: '/ws/codeeval-decisions.jsonl',
      score: null,
      reportUri: null,
    });
    const typed: (string | undefined)[] = [' the bound is exclusive ', '', undefined];
    fake.state.answerInputBox = () => typed.shift();
    for (let i = 0; i < 3; i++) {
      await middleware()('codeeval.acceptChange', [{ uri, finding: 'c6282e1d226f' }], () => assert.fail());
    }
    const sent = calls.filter((c) => c.command === 'codeeval.acceptChange').map((c) => c.arguments[0]);
    assert.deepEqual(sent, [
      { uri, finding: 'c6282e1d226f', reason: 'the bound is exclusive' },
      { uri, finding: 'c6282e1d226f' },
    ]);
    assert.match(fake.state.statusBarMessages[0] ?? '', /change accepted by ana/);
  });
});
