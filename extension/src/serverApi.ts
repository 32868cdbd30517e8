// Typed calls of the server's `workspace/executeCommand` commands over any
// JSON-RPC client: the extension passes its LanguageClient, the integration
// test a plain protocol connection. No `vscode` import.

import {
  AcceptChangeArgs,
  DecideFindingArgs,
  DecisionRecorded,
  EvaluateArgs,
  OverrideScoreArgs,
  EvaluateResult,
  FileQuality,
  Health,
  LastResult,
  ProblemChoice,
  ReviewChanges,
  ReviewChangesArgs,
  ServerCommand,
  parseDecisionRecorded,
  parseEvaluateResult,
  parseFileQualities,
  parseHealth,
  parseLastResult,
  parseProblemList,
  parseReviewChanges,
  parseShowReport,
} from './protocol';

export interface Disposable {
  dispose(): unknown;
}

/** Structurally both `vscode.CancellationToken` and vscode-jsonrpc's token. */
export interface CancelToken {
  readonly isCancellationRequested: boolean;
  onCancellationRequested(listener: (event: unknown) => unknown): Disposable;
}

/** The LSP `$/progress` values of a work-done progress. */
export interface WorkDoneProgressValue {
  kind: 'begin' | 'report' | 'end';
  title?: string;
  message?: string;
  percentage?: number;
}

/** What ServerApi needs from a client connection. */
export interface RpcClient {
  sendRequest(method: string, params: unknown, token?: CancelToken): Promise<unknown>;
  onProgress(token: string, handler: (value: WorkDoneProgressValue) => void): Disposable;
}

/** A JSON-RPC connection: a LanguageClient, or a plain protocol connection. */
export interface RequestConnection {
  sendRequest(method: string, params: unknown, token?: CancelToken): Promise<unknown>;
}

/**
 * `sendRequest` for RpcClient. vscode-jsonrpc takes every argument after the
 * method for a parameter unless it is a cancellation token: passed an
 * undefined token, it sends the params as the array `[params, null]`, which a
 * server expecting an object rejects with Invalid Params. So the token is
 * passed only when there is one.
 */
export function requestSender(connection: RequestConnection): RpcClient['sendRequest'] {
  return (method, params, token) => (token ? connection.sendRequest(method, params, token) : connection.sendRequest(method, params));
}

export interface EvaluateOptions {
  token?: CancelToken;
  onProgress?: (value: WorkDoneProgressValue) => void;
}

const EXECUTE_COMMAND = 'workspace/executeCommand';
// JSON-RPC error codes for a request the client or the server cancelled.
const CANCELLED_CODES = new Set([-32800, -32802]);

let progressCounter = 0;

function isCancelledError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' && CANCELLED_CODES.has(code);
}

/**
 * Resolves with the request's answer, or with `onCancel()` as soon as the token
 * fires: the request itself is cancelled through the same token, but the user
 * should not wait for the server to notice.
 */
function raceCancellation<T>(request: Promise<T>, token: CancelToken | undefined, onCancel: () => T): Promise<T> {
  if (!token) {
    return request;
  }
  if (token.isCancellationRequested) {
    request.catch(() => undefined);
    return Promise.resolve(onCancel());
  }
  return new Promise<T>((resolve, reject) => {
    const listener = token.onCancellationRequested(() => {
      listener.dispose();
      request.catch(() => undefined);
      resolve(onCancel());
    });
    request.then(
      (value) => {
        listener.dispose();
        resolve(token.isCancellationRequested ? onCancel() : value);
      },
      (error: unknown) => {
        listener.dispose();
        if (token.isCancellationRequested || isCancelledError(error)) {
          resolve(onCancel());
        } else {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      },
    );
  });
}

export class ServerApi {
  constructor(private readonly rpc: RpcClient) {}

  /** One evaluation; `needsProblem` is returned to the caller, who asks the user. */
  async evaluate(args: EvaluateArgs, options: EvaluateOptions = {}): Promise<EvaluateResult> {
    const workDoneToken = `codeeval-evaluate-${process.pid}-${++progressCounter}`;
    const progress = options.onProgress ? this.rpc.onProgress(workDoneToken, options.onProgress) : undefined;
    try {
      const params = { command: ServerCommand.evaluate, arguments: [args], workDoneToken };
      const request = this.rpc.sendRequest(EXECUTE_COMMAND, params, options.token).then(parseEvaluateResult);
      return await raceCancellation<EvaluateResult>(request, options.token, () => ({ status: 'cancelled' }));
    } finally {
      progress?.dispose();
    }
  }

  async listProblems(uri: string, token?: CancelToken): Promise<ProblemChoice[]> {
    return parseProblemList(await this.execute(ServerCommand.listProblems, { uri }, token));
  }

  async showReport(uri: string, token?: CancelToken): Promise<string | null> {
    return parseShowReport(await this.execute(ServerCommand.showReport, { uri }, token));
  }

  async lastResult(uri: string, token?: CancelToken): Promise<LastResult | null> {
    return parseLastResult(await this.execute(ServerCommand.lastResult, { uri }, token));
  }

  async health(uri: string, token?: CancelToken): Promise<Health | null> {
    return parseHealth(await this.execute(ServerCommand.health, { uri }, token));
  }

  async workspaceQuality(token?: CancelToken): Promise<FileQuality[]> {
    return parseFileQualities(await this.execute(ServerCommand.workspaceQuality, {}, token));
  }

  async decideFinding(args: DecideFindingArgs, token?: CancelToken): Promise<DecisionRecorded> {
    return parseDecisionRecorded(ServerCommand.decideFinding, await this.execute(ServerCommand.decideFinding, args, token));
  }

  async overrideScore(args: OverrideScoreArgs, token?: CancelToken): Promise<DecisionRecorded> {
    return parseDecisionRecorded(ServerCommand.overrideScore, await this.execute(ServerCommand.overrideScore, args, token));
  }

  /** The folder's changes against HEAD (or `base`), with progress and cancel as `evaluate`. */
  async reviewChanges(args: ReviewChangesArgs, options: EvaluateOptions = {}): Promise<ReviewChanges> {
    const workDoneToken = `codeeval-review-${process.pid}-${++progressCounter}`;
    const progress = options.onProgress ? this.rpc.onProgress(workDoneToken, options.onProgress) : undefined;
    const cancelled: ReviewChanges = {
      status: 'cancelled',
      message: 'cancelled',
      reportUri: null,
      jsonUri: null,
      changed: 0,
      behaviourChanges: 0,
      slowdowns: 0,
    };
    try {
      const params = { command: ServerCommand.reviewChanges, arguments: [args], workDoneToken };
      const request = this.rpc.sendRequest(EXECUTE_COMMAND, params, options.token).then(parseReviewChanges);
      return await raceCancellation<ReviewChanges>(request, options.token, () => cancelled);
    } finally {
      progress?.dispose();
    }
  }

  async acceptChange(args: AcceptChangeArgs, token?: CancelToken): Promise<DecisionRecorded> {
    return parseDecisionRecorded(ServerCommand.acceptChange, await this.execute(ServerCommand.acceptChange, args, token));
  }

  private execute(command: string, arg: unknown, token?: CancelToken): Promise<unknown> {
    return this.rpc.sendRequest(EXECUTE_COMMAND, { command, arguments: [arg] }, token);
  }
}
