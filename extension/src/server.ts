// The language server's lifecycle: find the interpreter, check codeeval is
// importable there, start `<python> -m codeeval lsp` through a LanguageClient,
// restart (coalesced) when asked, stop on deactivation.

import type { ChildProcess } from 'node:child_process';
import {
  DidChangeConfigurationNotification,
  LanguageClient,
  LanguageClientOptions,
  RevealOutputChannelOn,
  State,
  WorkDoneProgress,
} from 'vscode-languageclient/node';
import { Coalescer, Timers } from './coalesce';
import { ensureExited, ProbeResult, serverLaunch, spawnServer } from './launch';
import { Logger, pipeServerLog } from './logging';
import { describeInterpreter, LookupOutcome } from './python';
import { requestSender, RpcClient, ServerApi } from './serverApi';
import { didChangeConfigurationParams, initializationOptions, ServerSettings } from './serverSettings';
import type { SetupProblem } from './setup';

export const CLIENT_ID = 'codeeval';
export const CLIENT_NAME = 'codeeval';

export type ServerState = 'stopped' | 'starting' | 'running' | 'setupNeeded' | 'failed';

export interface ServerDeps {
  log: Logger;
  lookupInterpreter(): Promise<LookupOutcome>;
  probe(python: string, cwd: string | undefined): Promise<ProbeResult>;
  serverSettings(): ServerSettings;
  /** Working directory of the server: the first workspace folder. */
  workspaceRoot(): string | undefined;
  onSetupProblem(problem: SetupProblem): void;
  /**
   * Server commands invoked from VS Code (code lenses, say) go through here
   * first; return undefined to send them to the server unchanged.
   */
  interceptCommand?(command: string, args: unknown[]): Promise<unknown> | undefined;
  restartDelayMs?: number;
  timers?: Timers;
}

// How long a stopping server gets to exit after `shutdown`/`exit` before it is killed.
const EXIT_GRACE_MS = 2000;

export class ServerManager {
  private client: LanguageClient | undefined;
  private process: ChildProcess | undefined;
  private serverApi: ServerApi | undefined;
  private currentState: ServerState = 'stopped';
  private readonly listeners = new Set<(state: ServerState) => void>();
  private readonly restarts: Coalescer;
  /** Set while the Python side keeps the server from starting. */
  setupProblem: SetupProblem | undefined;

  constructor(private readonly deps: ServerDeps) {
    this.restarts = new Coalescer(() => this.restartNow(), deps.restartDelayMs ?? 250, deps.timers);
  }

  get state(): ServerState {
    return this.currentState;
  }

  onDidChangeState(listener: (state: ServerState) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** Starts, or restarts, the server; bursts of calls lead to one restart. */
  restart(reason: string): Promise<void> {
    this.deps.log.info(`Restart requested: ${reason}`);
    return this.restarts.trigger();
  }

  /** The server's commands once it runs (after any pending restart), else undefined. */
  async ready(): Promise<ServerApi | undefined> {
    await this.restarts.idle();
    return this.serverApi;
  }

  /** The server's commands if it is running now. */
  api(): ServerApi | undefined {
    return this.serverApi;
  }

  /** Sends changed server settings; they take effect without a restart. */
  async sendSettings(settings: ServerSettings): Promise<void> {
    if (this.client && this.currentState === 'running') {
      await this.client.sendNotification(DidChangeConfigurationNotification.type, didChangeConfigurationParams(settings));
    }
  }

  async dispose(): Promise<void> {
    this.restarts.dispose();
    await this.stop();
    this.listeners.clear();
  }

  private setState(state: ServerState): void {
    if (state !== this.currentState) {
      this.currentState = state;
      this.listeners.forEach((listener) => listener(state));
    }
  }

  private async restartNow(): Promise<void> {
    await this.stop();
    await this.start();
  }

  private async stop(): Promise<void> {
    const client = this.client;
    const child = this.process;
    this.client = undefined;
    this.process = undefined;
    this.serverApi = undefined;
    if (client) {
      try {
        await client.stop(EXIT_GRACE_MS);
      } catch (error) {
        this.deps.log.warn(`Stopping the server: ${String(error)}`);
      }
    }
    if (child) {
      await ensureExited(child, EXIT_GRACE_MS);
    }
    this.setState('stopped');
  }

  private async start(): Promise<void> {
    this.setState('starting');
    this.setupProblem = undefined;
    try {
      await this.startClient();
    } catch (error) {
      // Whatever went wrong, the state must not stay "starting".
      this.deps.log.error(`The server could not be started: ${String(error)}`);
      this.setState('failed');
    }
  }

  private async startClient(): Promise<void> {
    const { interpreter, notes } = await this.deps.lookupInterpreter();
    notes.forEach((note) => this.deps.log.warn(note));
    this.deps.log.info(`Python interpreter: ${describeInterpreter(interpreter)}`);
    const cwd = this.deps.workspaceRoot();
    const probe = await this.deps.probe(interpreter.command, cwd);
    if (probe.kind !== 'ok') {
      this.setupProblem = { interpreter, probe };
      this.deps.log.error(`The server was not started: ${probe.kind}`);
      this.setState('setupNeeded');
      this.deps.onSetupProblem(this.setupProblem);
      return;
    }
    this.deps.log.info(`codeeval ${probe.version}; starting ${interpreter.command} -m codeeval lsp`);
    const client = this.createClient(interpreter.command, cwd);
    this.client = client;
    try {
      await client.start();
    } catch (error) {
      this.deps.log.error(`The server failed to start: ${String(error)}`);
      this.client = undefined;
      this.setState('failed');
      return;
    }
    this.serverApi = new ServerApi(rpcOf(client));
    this.setState('running');
    // The client restarts a crashed server by itself a few times; mirror its
    // state, but not while we are the ones stopping it.
    client.onDidChangeState(({ newState }) => {
      if (this.client !== client) {
        return;
      }
      this.setState(newState === State.Running ? 'running' : newState === State.Starting ? 'starting' : 'failed');
    });
  }

  private createClient(python: string, cwd: string | undefined): LanguageClient {
    const launch = serverLaunch(python, cwd);
    const options: LanguageClientOptions = {
      documentSelector: [
        { scheme: 'file', language: 'python' },
        { scheme: 'untitled', language: 'python' },
      ],
      initializationOptions: initializationOptions(this.deps.serverSettings()),
      outputChannel: this.deps.log.channel,
      revealOutputChannelOn: RevealOutputChannelOn.Never,
      stdioOptions: {
        stdout: (input, channel) => pipeServerLog(input, channel),
        stderr: (input, channel) => pipeServerLog(input, channel),
      },
      middleware: {
        executeCommand: (command, args, next): unknown => this.deps.interceptCommand?.(command, args) ?? (next(command, args) as unknown),
      },
    };
    // A function rather than an Executable so that the process is started by
    // launch.ts, exactly as the integration test starts it.
    const serverOptions = (): Promise<ChildProcess> => {
      const child = spawnServer(launch);
      this.process = child;
      return Promise.resolve(child);
    };
    return new LanguageClient(CLIENT_ID, CLIENT_NAME, serverOptions, options);
  }
}

/** Adapts a LanguageClient to the RpcClient that ServerApi uses. */
export function rpcOf(client: LanguageClient): RpcClient {
  return {
    sendRequest: requestSender(client),
    onProgress: (token, handler) => client.onProgress(WorkDoneProgress.type, token, handler),
  };
}
