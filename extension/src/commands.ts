// Registers the contributed commands and wires each to its handler.

import type { Disposable } from 'vscode';
import { evaluateSolution, EvaluateDeps } from './evaluate';
import { Command, CommandId } from './ids';
import { openProblemFile } from './problemFile';
import { showLastReport } from './report';
import type { ServerApi } from './serverApi';
import type { SetupProblem } from './setup';
import { showSetup } from './setupPrompt';
import * as api from './vscodeApi';

export interface CommandDeps extends EvaluateDeps {
  api(): ServerApi | undefined;
  restart(reason: string): Promise<void>;
  setupProblem(): SetupProblem | undefined;
  filesByQuality: { refresh(): void };
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
  };
}

export function registerCommands(deps: CommandDeps): Disposable[] {
  return Object.entries(commandHandlers(deps)).map(([id, handler]) => api.registerCommand(id, (arg?: unknown) => handler(arg)));
}
