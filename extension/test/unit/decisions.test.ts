// People's decisions from VS Code: the "Dismiss finding…" quick action asks
// for a reason before the server records it, "Override Score…" asks for the
// dimension, score and reason, and "Show Review Queue" runs `codeeval queue`
// on a picked run folder (an older codeeval is named as such).

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { activate, deactivate } from '../../src/extension';
import { LanguageClient, State } from '../stubs/languageclient';
import { commands, fake, Uri } from '../stubs/vscode';
import { fakeInterpreter, tempDir, waitFor } from './helpers';

interface ExecuteParams {
  command: string;
  arguments: [Record<string, unknown>];
}

const recorded = (kind: string, target: string, score: number | null = null) => ({
  kind,
  target,
  reviewer: 'ana',
  reason: 'because',
  decisionFile: '/ws/codeeval-decisions.jsonl',
  score,
  reportUri: score === null ? null : 'file:///ws/.codeeval/reports/a.md',
});

// A stand-in Python: answers the server probe, and `-m codeeval queue OUT --markdown FILE` as `queue` says.
function interpreter(dir: string, queue: 'works' | 'missing'): string {
  const run =
    queue === 'works'
      ? `printf '# Review queue\\n' > "$6"; exit 0`
      : `echo "codeeval: error: argument command: invalid choice: 'queue' (choose from 'run', 'evaluate')" >&2; exit 2`;
  return fakeInterpreter(dir, `if [ "$3" = queue ]; then ${run}; fi\necho 0.0-test; exit 0`, `python-${queue}`);
}

describe('decisions (activated extension)', () => {
  let context: { subscriptions: { dispose(): unknown }[] };
  let workspaceDir: string;
  let calls: ExecuteParams[];
  let answers: Record<string, unknown>;

  async function start(queue: 'works' | 'missing' = 'works'): Promise<void> {
    fake.state.configuration.set('codeeval.interpreter', interpreter(workspaceDir, queue));
    context = { subscriptions: [] };
    activate(context as never);
    await waitFor(() => LanguageClient.instances.at(-1)?.state === State.Running, 'the server to start');
  }

  function middleware(): (command: string, args: unknown[], next: (c: string, a: unknown[]) => unknown) => unknown {
    const client = LanguageClient.instances.at(-1);
    assert.ok(client);
    return client.clientOptions.middleware!.executeCommand!;
  }

  beforeEach(() => {
    fake.reset();
    LanguageClient.reset();
    workspaceDir = tempDir();
    fake.state.workspaceFolders = [{ uri: Uri.file(workspaceDir), name: 'ws', index: 0 }];
    calls = [];
    answers = {};
    LanguageClient.script.request = (_method, raw) => {
      const params = raw as ExecuteParams;
      calls.push(params);
      const answer = answers[params.command];
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer ?? null);
    };
  });

  afterEach(async () => {
    context.subscriptions.forEach((d) => d.dispose());
    await deactivate();
  });

  it('asks why before a dismissal, naming the finding, and sends the reason', async () => {
    await start();
    const uri = Uri.file(path.join(workspaceDir, 'a.py')).toString();
    fake.state.diagnostics.set(uri, [{ message: 'public function `f` has no docstring', code: 'CQ101', data: { fingerprint: 'abc123' } }]);
    fake.state.answerInputBox = () => '  the task names it so ';
    answers['codeeval.decideFinding'] = recorded('dismiss', 'abc123');
    const next = () => assert.fail('a dismissal goes through the client, which asks for the reason');
    await middleware()('codeeval.decideFinding', [{ uri, finding: 'abc123', kind: 'dismiss' }], next);
    assert.match(fake.state.inputBoxes[0]?.title ?? '', /dismiss CQ101: public function `f` has no docstring/);
    assert.equal(fake.state.inputBoxes[0]?.validateInput?.('  '), 'Say why: the reason is kept with the decision, for whoever reads the report next.');
    assert.deepEqual(calls.at(-1), {
      command: 'codeeval.decideFinding',
      arguments: [{ uri, finding: 'abc123', kind: 'dismiss', reason: 'the task names it so' }],
    });
    assert.match(fake.state.statusBarMessages[0] ?? '', /dismiss recorded for ana/);
  });

  it('sends nothing when the reason is not given, and confirms without asking', async () => {
    await start();
    const uri = Uri.file(path.join(workspaceDir, 'a.py')).toString();
    fake.state.answerInputBox = () => undefined;
    await middleware()('codeeval.decideFinding', [{ uri, finding: 'abc123', kind: 'dismiss' }], () => assert.fail());
    assert.equal(calls.filter((c) => c.command === 'codeeval.decideFinding').length, 0);
    answers['codeeval.decideFinding'] = recorded('confirm', 'abc123');
    await middleware()('codeeval.decideFinding', [{ uri, finding: 'abc123', kind: 'confirm' }], () => assert.fail());
    assert.equal(fake.state.inputBoxes.length, 1);
    assert.deepEqual(calls.at(-1)?.arguments, [{ uri, finding: 'abc123', kind: 'confirm' }]);
  });

  it('Override Score…: picks the dimension, then the score and the reason, and shows the new score', async () => {
    await start();
    const doc = fake.openEditor(path.join(workspaceDir, 'a.py'));
    fake.state.answerQuickPick = (items) => items.find((i) => i.label === 'correctness');
    const typed = ['90', 'the failing test is wrong'];
    fake.state.answerInputBox = () => typed.shift();
    answers['codeeval.overrideScore'] = recorded('override', 'correctness', 88.5);
    await commands.executeCommand('codeeval.overrideScoreByHand');
    assert.deepEqual(
      fake.state.quickPicks[0]?.items.map((i) => i.label),
      ['total', 'correctness', 'edge_cases', 'performance', 'code_quality'],
    );
    assert.deepEqual(calls.at(-1), {
      command: 'codeeval.overrideScore',
      arguments: [{ uri: doc.uri.toString(), dimension: 'correctness', score: 90, reason: 'the failing test is wrong' }],
    });
    assert.equal(fake.state.inputBoxes[0]?.validateInput?.('101'), 'A number from 0 to 100');
    assert.equal(fake.state.inputBoxes[0]?.validateInput?.('90'), undefined);
    assert.equal(fake.state.statusBarItems[0]?.text, '$(beaker) 88.5');
  });

  it("Override Score… shows the server's refusal (no evaluation yet)", async () => {
    await start();
    fake.openEditor(path.join(workspaceDir, 'a.py'));
    fake.state.answerQuickPick = (items) => items[0];
    const typed = ['80', 'fine'];
    fake.state.answerInputBox = () => typed.shift();
    answers['codeeval.overrideScore'] = new Error('codeeval: file:///a.py has no evaluation in this session: evaluate it first');
    await commands.executeCommand('codeeval.overrideScoreByHand');
    assert.match(fake.messageTexts('error')[0] ?? '', /has no evaluation in this session: evaluate it first/);
  });

  it('Show Review Queue runs `codeeval queue` on the picked folder and previews its Markdown', async () => {
    await start('works');
    const run = tempDir('codeeval-run-');
    fake.state.answerOpenDialog = () => [Uri.file(run)];
    await commands.executeCommand('codeeval.showReviewQueue');
    const markdown = path.join(run, 'queue.md');
    assert.equal(fs.readFileSync(markdown, 'utf-8'), '# Review queue\n');
    const previews = fake.state.executed.filter((e) => e.id === 'markdown.showPreviewToSide');
    assert.deepEqual(previews.map((e) => (e.args[0] as Uri).fsPath), [markdown]);
    assert.deepEqual(fake.messageTexts('error'), []);
  });

  it('Show Review Queue says so when this codeeval has no `queue` command', async () => {
    await start('missing');
    fake.state.answerOpenDialog = () => [Uri.file(tempDir('codeeval-run-'))];
    await commands.executeCommand('codeeval.showReviewQueue');
    assert.match(fake.messageTexts('error')[0] ?? '', /has no `queue` command yet; update codeeval/);
  });
});
