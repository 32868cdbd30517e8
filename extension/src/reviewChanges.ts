// "codeeval: Evaluate Changes Against HEAD": saves the Python files, runs
// `codeeval.reviewChanges` on the workspace folder under a cancellable
// progress notification, and opens the review's Markdown report beside the
// code. The server marks each behaviour change on its function; its quick
// action "Accept as intended…" (`codeeval.acceptChange`) asks why first.

import type { Uri } from 'vscode';
import { MARKDOWN_PREVIEW_TO_SIDE } from './ids';
import type { Logger } from './logging';
import { AcceptChangeArgs, DecisionRecorded, ReviewChanges, asAcceptChangeArgs } from './protocol';
import { progressReporter } from './evaluate';
import type { ServerApi } from './serverApi';
import { commandTarget } from './target';
import * as api from './vscodeApi';

export interface ReviewDeps {
  ready(): Promise<ServerApi | undefined>;
  log: Logger;
  serverUnavailable(): Promise<void>;
}

const STATUS_MS = 6000;

async function savePython(): Promise<void> {
  // The review reads the working tree from disk: unsaved edits would be ignored.
  const dirty = api.textDocuments().filter((d) => d.isDirty && d.languageId === 'python');
  await Promise.all(dirty.map((d) => d.save()));
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/^codeeval: /, '');
}

/** Reviews the folder of `arg` (a Uri, `{uri}` from a code lens, or the active editor's; else the first folder).
 * Resolves with the reply, or undefined when the server is not there or the review failed (already told). */
export async function evaluateChanges(deps: ReviewDeps, arg?: unknown): Promise<ReviewChanges | undefined> {
  const uri: Uri | undefined = commandTarget(arg);
  const server = await deps.ready();
  if (!server) {
    await deps.serverUnavailable();
    return undefined;
  }
  try {
    await savePython();
    const title = 'codeeval: evaluating changes against HEAD';
    const result = await api.withProgress({ location: api.ProgressLocation.Notification, title, cancellable: true }, (progress, token) =>
      server.reviewChanges(uri ? { uri: uri.toString() } : {}, { token, onProgress: progressReporter(progress) }),
    );
    deps.log.info(`Review of changes: ${result.status}: ${result.message}`);
    if (result.status === 'nothing') {
      void api.showInformationMessage(`codeeval: ${result.message}`);
    } else if (result.status === 'done' && result.reportUri !== null) {
      api.setStatusBarMessage(`codeeval: ${result.message}`, STATUS_MS);
      await api.executeCommand(MARKDOWN_PREVIEW_TO_SIDE, api.Uri.parse(result.reportUri));
    }
    return result;
  } catch (error) {
    deps.log.error(`Review of changes failed: ${errorText(error)}`);
    void api.showErrorMessage(`codeeval: review of changes failed: ${errorText(error)}`);
    return undefined;
  }
}

/** The quick action's `codeeval.acceptChange`: asks why (empty: the default reason; Escape: nothing sent). */
export async function acceptChange(deps: ReviewDeps, arg: unknown): Promise<DecisionRecorded | undefined> {
  const args: AcceptChangeArgs | undefined = asAcceptChangeArgs(arg);
  if (!args) {
    deps.log.warn(`codeeval.acceptChange with an argument it cannot use: ${JSON.stringify(arg)}`);
    return undefined;
  }
  if (args.reason === undefined) {
    const reason = await api.showInputBox({
      title: 'codeeval: accept this behaviour change as intended',
      prompt: 'Why is the new behaviour right? Kept in codeeval-decisions.jsonl with your name until the function changes.',
      placeHolder: 'accepted in the editor',
      ignoreFocusOut: true,
    });
    if (reason === undefined) {
      return undefined;
    }
    if (reason.trim() !== '') {
      args.reason = reason.trim();
    }
  }
  const server = await deps.ready();
  if (!server) {
    await deps.serverUnavailable();
    return undefined;
  }
  try {
    const recorded = await server.acceptChange(args);
    deps.log.info(`Accepted ${recorded.target} by ${recorded.reviewer} (${recorded.reason}) in ${recorded.decisionFile}`);
    api.setStatusBarMessage(`codeeval: change accepted by ${recorded.reviewer}`, STATUS_MS);
    return recorded;
  } catch (error) {
    deps.log.error(`Accepting ${args.finding} failed: ${errorText(error)}`);
    void api.showErrorMessage(`codeeval: ${errorText(error)}`);
    return undefined;
  }
}
