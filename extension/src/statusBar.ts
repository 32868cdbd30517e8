// The status bar item: the last score of the active Python file (click: open
// its report), "not evaluated yet" (click: evaluate), or a warning when the
// server needs setup (click: show setup). Hidden for other files. Its tooltip
// adds the file's code health against git HEAD, fetched again whenever the
// file's findings change; an arrow in the text says better or worse.

import type { MarkdownString, StatusBarItem, TextEditor } from 'vscode';
import { Command } from './ids';
import type { Health, LastResult } from './protocol';
import type { ServerState } from './server';
import * as api from './vscodeApi';

export const STATUS_BAR_ITEM_ID = 'codeeval.score';

export function formatScore(score: number | null): string {
  if (score === null) {
    return '–';
  }
  return String(Math.round(score * 10) / 10);
}

function trendIcon(health: Health | undefined): string {
  if (health?.trend === 'better') {
    return ' $(arrow-up)';
  }
  return health?.trend === 'worse' ? ' $(arrow-down)' : '';
}

/** The tooltip: what clicking does, then the code health against git HEAD when known. */
function withHealth(text: string, health: Health | undefined): string | MarkdownString {
  if (!health) {
    return text;
  }
  return new api.MarkdownString(`${text}\n\n---\n\n${health.markdown}`);
}

function isPythonEditor(editor: TextEditor | undefined): editor is TextEditor {
  return editor?.document.languageId === 'python';
}

export class ScoreStatusBar {
  private readonly item: StatusBarItem;
  private readonly results = new Map<string, LastResult>();
  private readonly healths = new Map<string, Health>();
  private serverState: ServerState = 'stopped';

  /**
   * `fetchLast` asks the server for a result this window has not seen (e.g.
   * from an earlier session); `fetchHealth` for a file's health against git HEAD.
   */
  constructor(
    private readonly fetchLast?: (uri: string) => Promise<LastResult | null>,
    private readonly fetchHealth?: (uri: string) => Promise<Health | null>,
  ) {
    this.item = api.createStatusBarItem(STATUS_BAR_ITEM_ID, api.StatusBarAlignment.Right, 100);
    this.item.name = 'codeeval score';
  }

  resultFor(uri: string): LastResult | undefined {
    return this.results.get(uri);
  }

  setResult(uri: string, result: LastResult): void {
    this.results.set(uri, result);
    this.refresh();
  }

  setServerState(state: ServerState): void {
    this.serverState = state;
    if (state === 'running') {
      // Now the server can be asked about the file already open.
      void this.activeEditorChanged();
    } else {
      this.refresh();
    }
  }

  /** Call when the active editor changes: shows what is known, then asks the server. */
  async activeEditorChanged(): Promise<void> {
    this.refresh();
    const editor = api.activeTextEditor();
    if (!isPythonEditor(editor) || !this.fetchLast || this.serverState !== 'running') {
      return;
    }
    const uri = editor.document.uri.toString();
    void this.qualityChanged(uri);
    if (this.results.has(uri)) {
      return;
    }
    const last = await this.fetchLast(uri).catch(() => null);
    // Only if nothing newer arrived meanwhile.
    if (last && !this.results.has(uri)) {
      this.setResult(uri, last);
    }
  }

  /** Call when a file's findings changed: its health against HEAD is fetched again. */
  async qualityChanged(uri: string): Promise<void> {
    if (!this.fetchHealth || this.serverState !== 'running') {
      return;
    }
    const health = await this.fetchHealth(uri).catch(() => null);
    if (health) {
      this.healths.set(uri, health);
      this.refresh();
    }
  }

  refresh(): void {
    const editor = api.activeTextEditor();
    if (!isPythonEditor(editor)) {
      this.item.hide();
      return;
    }
    const uri = editor.document.uri;
    const result = this.results.get(uri.toString());
    const health = this.healths.get(uri.toString());
    this.item.backgroundColor = undefined;
    if (this.serverState === 'setupNeeded') {
      this.item.text = '$(warning) codeeval';
      this.item.tooltip = 'codeeval cannot start its language server. Click for setup.';
      this.item.command = Command.showSetup;
      this.item.backgroundColor = new api.ThemeColor('statusBarItem.warningBackground');
    } else if (result) {
      this.item.text = `$(beaker) ${formatScore(result.score)}${trendIcon(health)}`;
      const problem = result.problem ? ` on problem ${result.problem}` : '';
      this.item.tooltip = withHealth(`codeeval score ${formatScore(result.score)}/100${problem}. Click to open the report.`, health);
      this.item.command = { title: 'Show Last Report', command: Command.showLastReport, arguments: [uri] };
    } else {
      this.item.text = `${this.serverState === 'starting' ? '$(sync~spin)' : '$(beaker)'} codeeval${trendIcon(health)}`;
      this.item.tooltip = withHealth('Not evaluated yet. Click to evaluate this file with codeeval.', health);
      this.item.command = { title: 'Evaluate Solution', command: Command.evaluateSolution, arguments: [uri] };
    }
    this.item.show();
  }

  dispose(): void {
    this.item.dispose();
  }
}
