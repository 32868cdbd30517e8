// "codeeval: Show Last Report": opens the last report of a document in the
// Markdown preview beside the editor.

import { Command, MARKDOWN_PREVIEW_TO_SIDE } from './ids';
import type { Logger } from './logging';
import type { ServerApi } from './serverApi';
import type { ScoreStatusBar } from './statusBar';
import { baseName, commandTarget } from './target';
import * as api from './vscodeApi';

export interface ReportDeps {
  api(): ServerApi | undefined;
  statusBar: ScoreStatusBar;
  log: Logger;
}

/** Resolves with the report URI shown, or undefined when there is none. */
export async function showLastReport(deps: ReportDeps, arg?: unknown): Promise<string | undefined> {
  const uri = commandTarget(arg);
  if (!uri) {
    void api.showInformationMessage('codeeval: open a Python file to see its report.');
    return undefined;
  }
  let reportUri: string | null | undefined;
  const server = deps.api();
  if (server) {
    reportUri = await server.showReport(uri.toString()).catch((error: unknown) => {
      deps.log.warn(`codeeval.showReport failed: ${String(error)}`);
      return undefined;
    });
  }
  // The server forgets on restart; the report file is still where it said.
  reportUri ??= deps.statusBar.resultFor(uri.toString())?.reportUri;
  if (!reportUri) {
    const action = await api.showInformationMessage(`codeeval: ${baseName(uri)} has not been evaluated yet.`, 'Evaluate Solution');
    if (action) {
      await api.executeCommand(Command.evaluateSolution, uri);
    }
    return undefined;
  }
  await api.executeCommand(MARKDOWN_PREVIEW_TO_SIDE, api.Uri.parse(reportUri));
  return reportUri;
}
