import * as assert from 'node:assert/strict';
import type { FileQuality } from '../../src/protocol';
import { changeText, FilesByQuality } from '../../src/qualityView';
import type { ServerApi } from '../../src/serverApi';
import { createLogger } from '../../src/logging';
import { fake, ThemeIcon } from '../stubs/vscode';

const worse: FileQuality = { uri: 'file:///ws/sub/a.py', path: 'sub/a.py', score: 54.49, headScore: 60, delta: -5.51, findings: 7 };
const fresh: FileQuality = { uri: 'file:///ws/b.py', path: 'b.py', score: 100, headScore: null, delta: null, findings: 0 };

describe('files by quality', () => {
  beforeEach(() => fake.reset());

  it('lists what the server answers, each row opening its file', async () => {
    const server = { workspaceQuality: async () => [worse, fresh] } as unknown as ServerApi;
    const view = new FilesByQuality(() => server, createLogger());
    const rows = await view.getChildren();
    assert.deepEqual(rows, [worse, fresh]);
    const item = view.getTreeItem(worse);
    assert.equal(item.label, '54.5  a.py');
    assert.equal(item.description, '−5.5 since HEAD · 7 findings · sub');
    assert.equal((item.iconPath as unknown as ThemeIcon).id, 'arrow-down');
    assert.equal(item.command?.command, 'vscode.open');
    assert.equal(String(item.command?.arguments?.[0]), worse.uri);
    assert.equal(view.getTreeItem(fresh).description, 'new · 0 findings');
    assert.ok(typeof item.tooltip === 'string' && item.tooltip.includes('60 in git HEAD'), 'tooltip');
  });

  it('is empty without a server, and says why in the log when the server fails', async () => {
    assert.deepEqual(await new FilesByQuality(() => undefined, createLogger()).getChildren(), []);
    const failing = { workspaceQuality: () => Promise.reject(new Error('boom')) } as unknown as ServerApi;
    assert.deepEqual(await new FilesByQuality(() => failing, createLogger()).getChildren(), []);
    assert.ok(fake.state.log.some((entry) => entry.level === 'warn' && entry.message.includes('boom')));
  });

  it('tells VS Code to ask again on refresh', () => {
    const view = new FilesByQuality(() => undefined, createLogger());
    let fired = 0;
    view.onDidChangeTreeData(() => fired++);
    view.refresh();
    assert.equal(fired, 1);
  });

  it('writes the change since HEAD only when there is one', () => {
    assert.equal(changeText({ ...worse, delta: 0.01 }), '');
    assert.equal(changeText({ ...worse, delta: 2 }), '+2 since HEAD');
  });
});
