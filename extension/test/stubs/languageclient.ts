// A small stand-in for `vscode-languageclient/node`, loaded in its place by
// register.ts (the real module needs a running VS Code). It records how the
// extension builds its client and lets a test play the server.

export enum State {
  Stopped = 1,
  Running = 2,
  Starting = 3,
}

export const RevealOutputChannelOn = { Debug: 0, Info: 1, Warn: 2, Error: 3, Never: 4 } as const;

export const DidChangeConfigurationNotification = { type: { method: 'workspace/didChangeConfiguration' } };

export const WorkDoneProgress = { type: { kind: 'workDoneProgress' } };

type ProgressHandler = (value: unknown) => void;

export interface ServerScript {
  /** How `start()` ends: resolve (server up) or throw (it failed). */
  start(client: LanguageClient): Promise<void>;
  /** Answers a request; `client.progress(...)` may be called meanwhile. */
  request(method: string, params: unknown, token: unknown, client: LanguageClient): Promise<unknown>;
}

const defaultScript: ServerScript = {
  start: async () => undefined,
  request: async () => null,
};

export class LanguageClient {
  static instances: LanguageClient[] = [];
  static script: ServerScript = defaultScript;

  static reset(): void {
    LanguageClient.instances = [];
    LanguageClient.script = { ...defaultScript };
  }

  readonly notifications: { method: string; params: unknown }[] = [];
  readonly requests: { method: string; params: unknown }[] = [];
  readonly progressHandlers = new Map<string | number, ProgressHandler>();
  private readonly stateListeners: ((e: { oldState: State; newState: State }) => void)[] = [];
  starts = 0;
  stops = 0;
  state = State.Stopped;

  constructor(
    readonly id: string,
    readonly name: string,
    readonly serverOptions: unknown,
    readonly clientOptions: {
      initializationOptions?: unknown;
      documentSelector?: unknown;
      middleware?: { executeCommand?: (command: string, args: unknown[], next: (c: string, a: unknown[]) => unknown) => unknown };
    },
  ) {
    LanguageClient.instances.push(this);
  }

  async start(): Promise<void> {
    this.starts++;
    await LanguageClient.script.start(this);
    this.state = State.Running;
  }

  async stop(): Promise<void> {
    this.stops++;
    this.state = State.Stopped;
  }

  sendRequest(method: string, params: unknown, token?: unknown): Promise<unknown> {
    this.requests.push({ method, params });
    return LanguageClient.script.request(method, params, token, this);
  }

  async sendNotification(type: { method: string }, params: unknown): Promise<void> {
    this.notifications.push({ method: type.method, params });
  }

  onProgress(_type: unknown, token: string | number, handler: ProgressHandler): { dispose(): void } {
    this.progressHandlers.set(token, handler);
    return { dispose: () => this.progressHandlers.delete(token) };
  }

  onDidChangeState(listener: (e: { oldState: State; newState: State }) => void): { dispose(): void } {
    this.stateListeners.push(listener);
    return { dispose: () => undefined };
  }

  // ---- test helpers ----

  /** Sends a `$/progress` value for `token`, as the server would. */
  progress(token: string | number, value: unknown): void {
    this.progressHandlers.get(token)?.(value);
  }

  /** Simulates the client noticing a state change (e.g. the server crashed). */
  changeState(newState: State): void {
    const oldState = this.state;
    this.state = newState;
    this.stateListeners.forEach((listener) => listener({ oldState, newState }));
  }
}
