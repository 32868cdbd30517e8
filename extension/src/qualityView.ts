// The "Files by Quality" view in the Explorer: every Python file of the
// workspace, worst quality first, with its change since git HEAD
// (`codeeval.workspaceQuality`). Clicking a file opens it. Refreshed by its
// title button, when a file is saved, and when the server (re)starts.

import type { Event, TreeDataProvider, TreeItem } from 'vscode';
import type { Logger } from './logging';
import type { FileQuality } from './protocol';
import type { ServerApi } from './serverApi';
import { formatScore } from './statusBar';
import * as api from './vscodeApi';

export const FILES_BY_QUALITY_VIEW = 'codeeval.filesByQuality';

/** "−3.2 since HEAD", "+1 since HEAD", "new" (not in HEAD), or "" (unchanged). */
export function changeText(file: FileQuality): string {
  if (file.headScore === null) {
    return 'new';
  }
  if (file.delta === null || Math.abs(file.delta) < 0.05) {
    return '';
  }
  return `${file.delta > 0 ? '+' : '−'}${formatScore(Math.abs(file.delta))} since HEAD`;
}

export class FilesByQuality implements TreeDataProvider<FileQuality> {
  private readonly changed = new api.EventEmitter<void>();
  readonly onDidChangeTreeData: Event<void> = this.changed.event;

  constructor(
    private readonly server: () => ServerApi | undefined,
    private readonly log: Logger,
  ) {}

  refresh(): void {
    this.changed.fire();
  }

  async getChildren(element?: FileQuality): Promise<FileQuality[]> {
    const server = this.server();
    if (element || !server) {
      return [];
    }
    try {
      return await server.workspaceQuality();
    } catch (error) {
      this.log.warn(`codeeval.workspaceQuality failed: ${String(error)}`);
      return [];
    }
  }

  getTreeItem(file: FileQuality): TreeItem {
    const slash = file.path.lastIndexOf('/');
    const [folder, name] = slash < 0 ? ['', file.path] : [file.path.slice(0, slash), file.path.slice(slash + 1)];
    // The name first: the Explorer is narrow, and the description is cut before the label.
    const item = new api.TreeItem(`${formatScore(file.score)}  ${name}`, api.TreeItemCollapsibleState.None);
    const findings = `${file.findings} finding${file.findings === 1 ? '' : 's'}`;
    item.description = [changeText(file), findings, folder].filter(Boolean).join(' · ');
    item.tooltip = `${file.path}: quality ${formatScore(file.score)}/100${file.headScore === null ? ' (not in git HEAD)' : `, ${formatScore(file.headScore)} in git HEAD`}`;
    item.resourceUri = api.Uri.parse(file.uri);
    item.command = { title: 'Open', command: 'vscode.open', arguments: [api.Uri.parse(file.uri)] };
    const worse = file.delta !== null && file.delta < -0.05;
    item.iconPath = new api.ThemeIcon(worse ? 'arrow-down' : 'file-code');
    return item;
  }

  dispose(): void {
    this.changed.dispose();
  }
}
