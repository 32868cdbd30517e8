// "codeeval: Open Problem File": opens the YAML problem the document was last
// evaluated against, or lets the user pick one of the configured problems.

import type { Uri } from 'vscode';
import type { Logger } from './logging';
import { pickProblem } from './problemPicker';
import { NO_PROBLEM } from './protocol';
import type { ServerApi } from './serverApi';
import { commandTarget, uriFromServer } from './target';
import * as api from './vscodeApi';

export interface ProblemFileDeps {
  ready(): Promise<ServerApi | undefined>;
  log: Logger;
  serverUnavailable(): Promise<void>;
}

/** Resolves with the problem file opened, or undefined. */
export async function openProblemFile(deps: ProblemFileDeps, arg?: unknown): Promise<Uri | undefined> {
  const uri = commandTarget(arg);
  if (!uri) {
    void api.showInformationMessage('codeeval: open a Python file first.');
    return undefined;
  }
  const server = await deps.ready();
  if (!server) {
    await deps.serverUnavailable();
    return undefined;
  }
  try {
    const [last, problems] = await Promise.all([server.lastResult(uri.toString()), server.listProblems(uri.toString())]);
    const withFile = problems.filter((p) => p.name !== NO_PROBLEM && p.path);
    let choice = last?.problem ? withFile.find((p) => p.name === last.problem) : undefined;
    if (!choice) {
      if (withFile.length === 0) {
        void api.showInformationMessage('codeeval: no problem files found in the folders of codeeval.problemsFolders.');
        return undefined;
      }
      choice = await pickProblem(withFile, {
        title: 'codeeval: open a problem file',
        placeHolder: 'Problems in the configured folders',
        includeNone: false,
      });
    }
    if (!choice?.path) {
      return undefined;
    }
    const problemUri = uriFromServer(choice.path, api.getWorkspaceFolder(uri)?.uri);
    await api.showTextDocument(problemUri);
    return problemUri;
  } catch (error) {
    deps.log.error(`Open Problem File failed: ${String(error)}`);
    void api.showErrorMessage(`codeeval: could not list problems: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}
