// "codeeval: Evaluate Solution": saves the file, runs `codeeval.evaluate`
// under a cancellable progress notification, asks for the problem when the
// server cannot find one (and calls again), then records the score and opens
// the report beside the editor.

import type { Progress, Uri } from 'vscode';
import { MARKDOWN_PREVIEW_TO_SIDE } from './ids';
import type { Logger } from './logging';
import { pickProblem } from './problemPicker';
import { EvaluateDone, EvaluateResult, problemArgument } from './protocol';
import type { ServerApi, WorkDoneProgressValue } from './serverApi';
import type { ScoreStatusBar } from './statusBar';
import { baseName, commandTarget } from './target';
import * as api from './vscodeApi';

export interface EvaluateDeps {
  ready(): Promise<ServerApi | undefined>;
  statusBar: ScoreStatusBar;
  log: Logger;
  /** Explains why the server is not there (setup, or a failed start). */
  serverUnavailable(): Promise<void>;
}

// The user picks a problem at most this many times in one evaluation, so a
// server that keeps answering needsProblem cannot loop forever.
const MAX_PICKS = 2;

/** Maps LSP work-done progress (absolute percentages) onto VS Code's increments. */
export function progressReporter(progress: Progress<{ message?: string; increment?: number }>): (value: WorkDoneProgressValue) => void {
  let reported = 0;
  return (value) => {
    if (value.kind === 'end') {
      return;
    }
    const update: { message?: string; increment?: number } = {};
    if (value.message) {
      update.message = value.message;
    }
    if (typeof value.percentage === 'number' && value.percentage > reported) {
      update.increment = Math.min(value.percentage, 100) - reported;
      reported = Math.min(value.percentage, 100);
    }
    if (update.message !== undefined || update.increment !== undefined) {
      progress.report(update);
    }
  };
}

async function saveIfDirty(uri: Uri): Promise<void> {
  const document = api.textDocuments().find((d) => d.uri.toString() === uri.toString());
  if (document?.isDirty) {
    // The evaluation reads the file the report names; unsaved edits would be ignored.
    await document.save();
  }
}

function runOnce(server: ServerApi, uri: Uri, problem: string | null): Thenable<EvaluateResult> {
  const title = `codeeval: evaluating ${baseName(uri)}`;
  return api.withProgress({ location: api.ProgressLocation.Notification, title, cancellable: true }, (progress, token) =>
    server.evaluate({ uri: uri.toString(), problem }, { token, onProgress: progressReporter(progress) }),
  );
}

/**
 * Runs the whole flow for `arg` (a Uri from a menu, `{uri, problem}` from a
 * code lens, or nothing: the active editor). Resolves with the finished
 * result, or undefined when cancelled, dismissed or failed (already told).
 */
export async function evaluateSolution(deps: EvaluateDeps, arg?: unknown): Promise<EvaluateDone | undefined> {
  const uri = commandTarget(arg);
  if (!uri) {
    void api.showInformationMessage('codeeval: open a Python file to evaluate it.');
    return undefined;
  }
  const requested = (arg as { problem?: unknown } | undefined)?.problem;
  let problem = typeof requested === 'string' ? requested : null;
  try {
    await saveIfDirty(uri);
    const server = await deps.ready();
    if (!server) {
      await deps.serverUnavailable();
      return undefined;
    }
    for (let picks = 0; ; picks++) {
      const result = await runOnce(server, uri, problem);
      if (result.status === 'cancelled') {
        deps.log.info(`Evaluation of ${uri.toString()} cancelled`);
        return undefined;
      }
      if (result.status === 'done') {
        return await finish(deps, uri, result);
      }
      if (picks >= MAX_PICKS) {
        throw new Error('the server still asks for a problem after one was chosen');
      }
      const choice = await pickProblem(result.choices, {
        title: `codeeval: which problem does ${baseName(uri)} solve?`,
        placeHolder: result.message ?? 'No problem file was found for this solution; pick one',
        includeNone: true,
      });
      if (!choice) {
        return undefined;
      }
      problem = problemArgument(choice);
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    deps.log.error(`Evaluation of ${uri.toString()} failed: ${message}`);
    void api.showErrorMessage(`codeeval: evaluation failed: ${message}`, 'Show Log').then((action) => {
      if (action) {
        deps.log.show();
      }
    });
    return undefined;
  }
}

async function finish(deps: EvaluateDeps, uri: Uri, result: EvaluateDone): Promise<EvaluateDone> {
  deps.log.info(`Evaluated ${uri.toString()}: score ${String(result.score)}, problem ${String(result.problem)}, report ${result.reportUri}`);
  deps.statusBar.setResult(uri.toString(), { score: result.score, problem: result.problem, reportUri: result.reportUri });
  await api.executeCommand(MARKDOWN_PREVIEW_TO_SIDE, api.Uri.parse(result.reportUri));
  return result;
}
