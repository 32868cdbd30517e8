// Extension entry: builds the pieces, connects them, and starts the server.
// Each piece lives in its own module; this file only wires them together.

import type { ExtensionContext, WorkspaceFolder } from 'vscode';
import { CommandDeps, registerCommands } from './commands';
import { decideFinding } from './decisions';
import { evaluateSolution } from './evaluate';
import { probeCodeeval } from './launch';
import { FILES_BY_QUALITY_VIEW, FilesByQuality } from './qualityView';
import { createLogger, Logger } from './logging';
import { ServerCommand } from './protocol';
import { findInterpreter } from './python';
import { acceptChange, evaluateChanges } from './reviewChanges';
import { activeInterpreterPath, onDidChangeActiveInterpreter } from './pythonExtension';
import { ServerManager } from './server';
import { ServerSettings } from './serverSettings';
import { classifySettingsChange, readInterpreterSetting, readServerSettings } from './settings';
import { explainServerUnavailable, promptSetup } from './setupPrompt';
import { ScoreStatusBar } from './statusBar';
import * as api from './vscodeApi';

let manager: ServerManager | undefined;

/** One server serves the window; its interpreter and cwd follow the first folder. */
function firstFolder(): WorkspaceFolder | undefined {
  return api.workspaceFolders()[0];
}

function currentSettings(log: Logger): ServerSettings {
  const { settings, invalid } = readServerSettings();
  invalid.forEach((key) => log.warn(`Setting codeeval.${key} has the wrong type; using its default.`));
  return settings;
}

export function activate(context: ExtensionContext): void {
  const log = createLogger();
  context.subscriptions.push(log);

  // The server and the commands refer to each other (a code lens's
  // `codeeval.evaluate` runs the command's flow), hence the late binding.
  let deps: CommandDeps | undefined = undefined;
  const lookupInterpreter = () =>
    findInterpreter({
      setting: readInterpreterSetting(firstFolder()?.uri),
      workspaceFolder: firstFolder()?.uri.fsPath,
      activeEnvironment: () => activeInterpreterPath(firstFolder()?.uri),
    });
  const server = new ServerManager({
    log,
    lookupInterpreter,
    probe: probeCodeeval,
    serverSettings: () => currentSettings(log),
    workspaceRoot: () => firstFolder()?.uri.fsPath,
    onSetupProblem: (problem) => void promptSetup(problem, log),
    interceptCommand: (command, args) => intercept(command, args[0]),
  });
  manager = server;
  // Server commands a code lens or quick action runs that need the user first: evaluate (the problem
  // picker, progress, preview) and a dismissal (its reason, in an input box).
  const intercept = (command: string, arg: unknown): Promise<unknown> | undefined => {
    if (!deps) {
      return undefined;
    }
    if (command === ServerCommand.evaluate) {
      return evaluateSolution(deps, arg);
    }
    if (command === ServerCommand.reviewChanges) {
      return evaluateChanges(deps, arg); // a "review against HEAD" lens: progress, cancel, the preview
    }
    if (command === ServerCommand.acceptChange) {
      return acceptChange(deps, arg);
    }
    return command === ServerCommand.decideFinding ? decideFinding(deps, arg) : undefined;
  };

  const statusBar = new ScoreStatusBar(
    (uri) => server.api()?.lastResult(uri) ?? Promise.resolve(null),
    (uri) => server.api()?.health(uri) ?? Promise.resolve(null),
  );
  const filesByQuality = new FilesByQuality(() => server.api(), log);
  deps = {
    ready: () => server.ready(),
    api: () => server.api(),
    restart: (reason) => server.restart(reason),
    setupProblem: () => server.setupProblem,
    serverUnavailable: () => explainServerUnavailable(server.setupProblem, log),
    statusBar,
    filesByQuality,
    log,
    interpreter: async () => (await lookupInterpreter()).interpreter.command,
  };

  const restart = (reason: string): void => {
    server.restart(reason).catch((error: unknown) => log.error(`Restart failed: ${String(error)}`));
  };
  context.subscriptions.push(
    ...registerCommands(deps),
    statusBar,
    filesByQuality,
    api.createTreeView(FILES_BY_QUALITY_VIEW, filesByQuality),
    server.onDidChangeState((state) => {
      statusBar.setServerState(state);
      if (state === 'running') {
        filesByQuality.refresh();
      }
    }),
    api.onDidChangeActiveTextEditor(() => void statusBar.activeEditorChanged()),
    // New findings mean a new health against git HEAD (the server has just analysed the file).
    api.onDidChangeDiagnostics((event) => event.uris.forEach((uri) => void statusBar.qualityChanged(uri.toString()))),
    api.onDidSaveTextDocument((document) => {
      if (document.languageId === 'python') {
        filesByQuality.refresh();
      }
    }),
    api.onDidChangeConfiguration((event) => {
      const change = classifySettingsChange(event);
      if (change === 'restart') {
        restart('codeeval.interpreter changed');
      } else if (change === 'notify') {
        server.sendSettings(currentSettings(log)).catch((error: unknown) => log.error(`Sending settings failed: ${String(error)}`));
      }
    }),
    // Workspace values of codeeval.interpreter only apply once the folder is trusted.
    api.onDidGrantWorkspaceTrust(() => restart('workspace trusted')),
    { dispose: () => void server.dispose() },
  );

  // The Python extension is optional; its interpreter only matters when
  // codeeval.interpreter is not set.
  onDidChangeActiveInterpreter(() => {
    if (readInterpreterSetting(firstFolder()?.uri) === undefined) {
      restart('Python environment changed');
    }
  }).then(
    (subscription) => subscription && context.subscriptions.push(subscription),
    (error: unknown) => log.warn(`Python extension not used: ${String(error)}`),
  );

  void statusBar.activeEditorChanged();
  restart('extension activated');
}

export async function deactivate(): Promise<void> {
  await manager?.dispose();
  manager = undefined;
}
