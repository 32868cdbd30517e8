// The UI around a server that cannot start: the notification with its
// "Show setup" action, the setup text in the output channel, and the message
// a command shows when it needs the server and it is not there.

import { Command } from './ids';
import type { Logger } from './logging';
import { SetupProblem, setupInstructions, setupMessage } from './setup';
import * as api from './vscodeApi';

export const SHOW_SETUP = 'Show setup';
export const SELECT_INTERPRETER = 'Select interpreter';
const OPEN_SETTINGS = 'workbench.action.openSettings';

/** Writes the setup steps to the output channel and shows it. */
export function showSetup(problem: SetupProblem | undefined, log: Logger): void {
  if (problem) {
    setupInstructions(problem).forEach((line) => log.info(line));
  } else {
    log.info('codeeval setup: the language server started; nothing to do.');
  }
  log.show();
}

/** The error notification for a setup problem; acts on the button pressed. */
export async function promptSetup(problem: SetupProblem, log: Logger): Promise<void> {
  const action = await api.showErrorMessage(setupMessage(problem), SHOW_SETUP, SELECT_INTERPRETER);
  if (action === SHOW_SETUP) {
    showSetup(problem, log);
  } else if (action === SELECT_INTERPRETER) {
    await api.executeCommand(OPEN_SETTINGS, 'codeeval.interpreter');
  }
}

/** Shown by a command that needs the server when it is not running. */
export async function explainServerUnavailable(problem: SetupProblem | undefined, log: Logger): Promise<void> {
  if (problem) {
    await promptSetup(problem, log);
    return;
  }
  const action = await api.showErrorMessage('codeeval: the language server is not running.', 'Show Log', 'Restart Server');
  if (action === 'Show Log') {
    log.show();
  } else if (action === 'Restart Server') {
    await api.executeCommand(Command.restartServer);
  }
}
