// The one module that touches the `vscode` API at run time. Everything else
// imports types from 'vscode' and calls these functions, which keeps the
// surface a unit-test stub has to provide small and obvious (eslint enforces
// this with no-restricted-imports).

import * as vscode from 'vscode';

export const Uri = vscode.Uri;
export const EventEmitter = vscode.EventEmitter;
export const ProgressLocation = vscode.ProgressLocation;
export const StatusBarAlignment = vscode.StatusBarAlignment;
export const ThemeColor = vscode.ThemeColor;
export const ThemeIcon = vscode.ThemeIcon;
export const MarkdownString = vscode.MarkdownString;
export const TreeItem = vscode.TreeItem;
export const TreeItemCollapsibleState = vscode.TreeItemCollapsibleState;

export function getConfiguration(section: string, scope?: vscode.ConfigurationScope): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration(section, scope);
}

export function onDidChangeConfiguration(listener: (e: vscode.ConfigurationChangeEvent) => unknown): vscode.Disposable {
  return vscode.workspace.onDidChangeConfiguration(listener);
}

export function workspaceFolders(): readonly vscode.WorkspaceFolder[] {
  return vscode.workspace.workspaceFolders ?? [];
}

export function getWorkspaceFolder(uri: vscode.Uri): vscode.WorkspaceFolder | undefined {
  return vscode.workspace.getWorkspaceFolder(uri);
}

export function onDidGrantWorkspaceTrust(listener: () => unknown): vscode.Disposable {
  return vscode.workspace.onDidGrantWorkspaceTrust(listener);
}

export function textDocuments(): readonly vscode.TextDocument[] {
  return vscode.workspace.textDocuments;
}

export function registerCommand(id: string, handler: (...args: unknown[]) => unknown): vscode.Disposable {
  return vscode.commands.registerCommand(id, handler);
}

export function executeCommand<T = unknown>(id: string, ...args: unknown[]): Thenable<T> {
  return vscode.commands.executeCommand<T>(id, ...args);
}

export function showErrorMessage(message: string, ...actions: string[]): Thenable<string | undefined> {
  return vscode.window.showErrorMessage(message, ...actions);
}

export function showWarningMessage(message: string, ...actions: string[]): Thenable<string | undefined> {
  return vscode.window.showWarningMessage(message, ...actions);
}

export function showInformationMessage(message: string, ...actions: string[]): Thenable<string | undefined> {
  return vscode.window.showInformationMessage(message, ...actions);
}

export function showQuickPick<T extends vscode.QuickPickItem>(
  items: readonly T[],
  options: vscode.QuickPickOptions,
): Thenable<T | undefined> {
  return vscode.window.showQuickPick(items, options);
}

export function withProgress<R>(
  options: vscode.ProgressOptions,
  task: (progress: vscode.Progress<{ message?: string; increment?: number }>, token: vscode.CancellationToken) => Thenable<R>,
): Thenable<R> {
  return vscode.window.withProgress(options, task);
}

export function createLogOutputChannel(name: string): vscode.LogOutputChannel {
  return vscode.window.createOutputChannel(name, { log: true });
}

export function createStatusBarItem(id: string, alignment: vscode.StatusBarAlignment, priority: number): vscode.StatusBarItem {
  return vscode.window.createStatusBarItem(id, alignment, priority);
}

export function activeTextEditor(): vscode.TextEditor | undefined {
  return vscode.window.activeTextEditor;
}

export function onDidChangeActiveTextEditor(listener: (editor: vscode.TextEditor | undefined) => unknown): vscode.Disposable {
  return vscode.window.onDidChangeActiveTextEditor(listener);
}

export async function showTextDocument(uri: vscode.Uri): Promise<void> {
  await vscode.window.showTextDocument(uri, { preview: false });
}

export function getExtension(id: string): vscode.Extension<unknown> | undefined {
  return vscode.extensions.getExtension(id);
}

export function createTreeView<T>(id: string, provider: vscode.TreeDataProvider<T>): vscode.TreeView<T> {
  return vscode.window.createTreeView(id, { treeDataProvider: provider });
}

export function onDidChangeDiagnostics(listener: (event: vscode.DiagnosticChangeEvent) => unknown): vscode.Disposable {
  return vscode.languages.onDidChangeDiagnostics(listener);
}

export function onDidSaveTextDocument(listener: (document: vscode.TextDocument) => unknown): vscode.Disposable {
  return vscode.workspace.onDidSaveTextDocument(listener);
}

export function showInputBox(options: vscode.InputBoxOptions): Thenable<string | undefined> {
  return vscode.window.showInputBox(options);
}

export function showOpenDialog(options: vscode.OpenDialogOptions): Thenable<vscode.Uri[] | undefined> {
  return vscode.window.showOpenDialog(options);
}

export function setStatusBarMessage(text: string, hideAfterMs: number): vscode.Disposable {
  return vscode.window.setStatusBarMessage(text, hideAfterMs);
}

export function diagnosticsOf(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri);
}
