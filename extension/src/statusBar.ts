// The status bar item: the last score of the active Python file (click: open
// its report), "not evaluated yet" (click: evaluate), or a warning when the
// server needs setup (click: show setup). Hidden for other files.

import type { StatusBarItem, TextEditor } from 'vscode';
import { Command } from './ids';
import type { LastResult } from './protocol';
import type { ServerState } from './server';
import * as api from './vscodeApi';

export const STATUS_BAR_ITEM_ID = 'codeeval.score';

export function formatScore(score: number | null): string {
  if (score === null) {
    return '–';
  }
  return String(Math.round(score * 10) / 10);
}

function isPythonEditor(editor: TextEditor | undefined): editor is TextEditor {
  return editor?.document.languageId === 'python';
}

export class ScoreStatusBar {
  private readonly item: StatusBarItem;
  private readonly results = new Map<string, LastResult>();
  private serverState: ServerState = 'stopped';

  /** `fetchLast` asks the server for a result this window has not seen (e.g. from an earlier session). */
  constructor(private readonly fetchLast?: (uri: string) => Promise<LastResult | null>) {
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
    if (this.results.has(uri)) {
      return;
    }
    const last = await this.fetchLast(uri).catch(() => null);
    // Only if nothing newer arrived meanwhile.
    if (last && !this.results.has(uri)) {
      this.setResult(uri, last);
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
    this.item.backgroundColor = undefined;
    if (this.serverState === 'setupNeeded') {
      this.item.text = '$(warning) codeeval';
      this.item.tooltip = 'codeeval cannot start its language server. Click for setup.';
      this.item.command = Command.showSetup;
      this.item.backgroundColor = new api.ThemeColor('statusBarItem.warningBackground');
    } else if (result) {
      this.item.text = `$(beaker) ${formatScore(result.score)}`;
      const problem = result.problem ? ` on problem ${result.problem}` : '';
      this.item.tooltip = `codeeval score ${formatScore(result.score)}/100${problem}. Click to open the report.`;
      this.item.command = { title: 'Show Last Report', command: Command.showLastReport, arguments: [uri] };
    } else {
      this.item.text = this.serverState === 'starting' ? '$(sync~spin) codeeval' : '$(beaker) codeeval';
      this.item.tooltip = 'Not evaluated yet. Click to evaluate this file with codeeval.';
      this.item.command = { title: 'Evaluate Solution', command: Command.evaluateSolution, arguments: [uri] };
    }
    this.item.show();
  }

  dispose(): void {
    this.item.dispose();
  }
}
