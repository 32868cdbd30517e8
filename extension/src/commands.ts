// Registers the contributed commands and wires each to its handler.

import type { Disposable } from 'vscode';
import { overrideScore } from './decisions';
import { evaluateSolution, EvaluateDeps } from './evaluate';
import { Command, CommandId } from './ids';
import { openProblemFile } from './problemFile';
import { showLastReport } from './report';
import { showReviewQueue } from './reviewQueue';
import { evaluateChanges } from './reviewChanges';
import type { ServerApi } from './serverApi';
import type { SetupProblem } from './setup';
import { showSetup } from './setupPrompt';
import * as api from './vscodeApi';

export interface CommandDeps extends EvaluateDeps {
  api(): ServerApi | undefined;
  restart(reason: string): Promise<void>;
  setupProblem(): SetupProblem | undefined;
  filesByQuality: { refresh(): void };
  /** The Python that runs the server (the review queue runs `codeeval queue` with it). */
  interpreter(): Promise<string>;
}

export function commandHandlers(deps: CommandDeps): Record<CommandId, (arg?: unknown) => Promise<unknown>> {
  return {
    [Command.evaluateSolution]: (arg) => evaluateSolution(deps, arg),
    [Command.showLastReport]: (arg) => showLastReport(deps, arg),
    [Command.restartServer]: () => deps.restart('Restart Server command'),
    [Command.openProblemFile]: (arg) => openProblemFile(deps, arg),
    [Command.showSetup]: () => {
      showSetup(deps.setupProblem(), deps.log);
      return Promise.resolve();
    },
    [Command.refreshFilesByQuality]: () => {
      deps.filesByQuality.refresh();
      return Promise.resolve();
    },
    [Command.overrideScore]: (arg) => overrideScore(deps, arg),
    [Command.showReviewQueue]: () => showReviewQueue(deps),
    [Command.evaluateChanges]: (arg) => evaluateChanges(deps, arg),
  };
}

export function registerCommands(deps: CommandDeps): Disposable[] {
  return Object.entries(commandHandlers(deps)).map(([id, handler]) => api.registerCommand(id, (arg?: unknown) => handler(arg)));
}
