import * as assert from 'node:assert/strict';
import type { LastResult } from '../../src/protocol';
import { formatScore, ScoreStatusBar, STATUS_BAR_ITEM_ID } from '../../src/statusBar';
import { fake, FakeStatusBarItem, StatusBarAlignment } from '../stubs/vscode';
import { settle } from './helpers';

function tooltipText(item: FakeStatusBarItem): string {
  return typeof item.tooltip === 'string' ? item.tooltip : (item.tooltip?.value ?? '');
}

describe('status bar', () => {
  let bar: ScoreStatusBar;
  let item: FakeStatusBarItem;

  beforeEach(() => {
    fake.reset();
    bar = new ScoreStatusBar();
    item = fake.state.statusBarItems[0]!;
  });

  it('is one item on the right, with an id', () => {
    assert.equal(fake.state.statusBarItems.length, 1);
    assert.equal(item.id, STATUS_BAR_ITEM_ID);
    assert.equal(item.alignment, StatusBarAlignment.Right);
  });

  it('is hidden without a Python editor', () => {
    bar.refresh();
    assert.equal(item.visible, false);
    fake.openEditor('/ws/notes.md', 'markdown');
    bar.refresh();
    assert.equal(item.visible, false);
  });

  it('offers to evaluate a Python file that has no score yet', () => {
    const doc = fake.openEditor('/ws/a.py');
    bar.refresh();
    assert.equal(item.visible, true);
    assert.equal(item.text, '$(beaker) codeeval');
    assert.deepEqual(item.command, { title: 'Evaluate Solution', command: 'codeeval.evaluateSolution', arguments: [doc.uri] });
  });

  it("shows the active file's last score; clicking opens its report", () => {
    const a = fake.openEditor('/ws/a.py');
    bar.setResult(a.uri.toString(), { score: 71.46, problem: 'two_sum', reportUri: 'file:///ws/.codeeval/reports/a.md' });
    assert.equal(item.text, '$(beaker) 71.5');
    assert.match(tooltipText(item), /71\.5\/100 on problem two_sum/);
    assert.deepEqual(item.command, { title: 'Show Last Report', command: 'codeeval.showLastReport', arguments: [a.uri] });

    fake.openEditor('/ws/b.py');
    bar.refresh();
    assert.equal(item.text, '$(beaker) codeeval', 'b.py has no score of its own');
    fake.state.activeTextEditor = { document: a };
    bar.refresh();
    assert.equal(item.text, '$(beaker) 71.5');
  });

  it('warns and links to the setup when the server cannot start', () => {
    fake.openEditor('/ws/a.py');
    bar.setServerState('setupNeeded');
    assert.equal(item.text, '$(warning) codeeval');
    assert.equal(item.command, 'codeeval.showSetup');
    assert.equal(item.backgroundColor?.id, 'statusBarItem.warningBackground');
    bar.setServerState('running');
    assert.equal(item.backgroundColor, undefined);
  });

  it('asks the server for a score it has not seen, once it runs', async () => {
    const asked: string[] = [];
    const result: LastResult = { score: 40, problem: 'p', reportUri: 'file:///r.md' };
    bar = new ScoreStatusBar(async (uri) => {
      asked.push(uri);
      return result;
    });
    item = fake.state.statusBarItems[1]!;
    const doc = fake.openEditor('/ws/a.py');
    await bar.activeEditorChanged();
    assert.deepEqual(asked, [], 'not before the server runs');
    bar.setServerState('running');
    await settle();
    assert.deepEqual(asked, [doc.uri.toString()], 'asked as soon as the server runs');
    assert.equal(item.text, '$(beaker) 40');
    await bar.activeEditorChanged();
    assert.equal(asked.length, 1, 'a known score is not fetched again');
  });

  it("adds the file's health against git HEAD to the tooltip, and fetches it again when the findings change", async () => {
    let trend = 'worse';
    const asked: string[] = [];
    bar = new ScoreStatusBar(
      async () => null,
      async (uri) => {
        asked.push(uri);
        return { score: 50, headScore: 60, delta: -10, trend, headline: `quality 50: ${trend}`, markdown: `**Health since HEAD**: ${trend}` };
      },
    );
    item = fake.state.statusBarItems[1]!;
    const doc = fake.openEditor('/ws/a.py');
    bar.setServerState('running');
    await settle();
    assert.deepEqual(asked, [doc.uri.toString()]);
    assert.equal(item.text, '$(beaker) codeeval $(arrow-down)');
    assert.match(tooltipText(item), /^Not evaluated yet\. .*\n\n---\n\n\*\*Health since HEAD\*\*: worse$/s);
    trend = 'better';
    await bar.qualityChanged(doc.uri.toString());
    assert.equal(item.text, '$(beaker) codeeval $(arrow-up)');
    assert.match(tooltipText(item), /Health since HEAD\*\*: better/);
  });

  it('formats scores with at most one decimal', () => {
    assert.equal(formatScore(100), '100');
    assert.equal(formatScore(71.46), '71.5');
    assert.equal(formatScore(0), '0');
    assert.equal(formatScore(null), '–');
  });
});
