// How the language server process is started: `<python> -m codeeval lsp` on
// stdio, after checking that codeeval can be imported by that interpreter.
// No `vscode` import: the integration test starts the real server through
// these same functions.

import { ChildProcess, execFile, spawn } from 'node:child_process';

export const SERVER_ARGS: readonly string[] = ['-m', 'codeeval', 'lsp'];

export interface ServerLaunch {
  command: string;
  args: string[];
  cwd: string | undefined;
  env: NodeJS.ProcessEnv;
}

export function serverLaunch(python: string, cwd?: string, baseEnv: NodeJS.ProcessEnv = process.env): ServerLaunch {
  return {
    command: python,
    args: [...SERVER_ARGS],
    cwd,
    // Unbuffered stderr so the server's log reaches the output channel as it is
    // written; UTF-8 pipes whatever the user's locale.
    env: { ...baseEnv, PYTHONUNBUFFERED: '1', PYTHONIOENCODING: 'utf-8' },
  };
}

// On POSIX the server leads its own process group, so that a server which
// has to be killed takes its worker processes (evaluations, analysis) along.
const OWN_PROCESS_GROUP = process.platform !== 'win32';

/** Starts the server with pipes for stdin/stdout (JSON-RPC) and stderr (log). */
export function spawnServer(launch: ServerLaunch): ChildProcess {
  return spawn(launch.command, launch.args, {
    cwd: launch.cwd,
    env: launch.env,
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: OWN_PROCESS_GROUP,
    windowsHide: true,
  });
}

function kill(child: ChildProcess): void {
  if (OWN_PROCESS_GROUP && child.pid !== undefined) {
    try {
      process.kill(-child.pid, 'SIGKILL');
      return;
    } catch {
      // The group is gone already, or was never ours: kill the process alone.
    }
  }
  child.kill('SIGKILL');
}

/** Waits up to `graceMs` for `child` to exit, then kills it and its process group. */
export async function ensureExited(child: ChildProcess, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return;
  }
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      kill(child);
      resolve();
    }, graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

export type ProbeResult =
  | { kind: 'ok'; version: string }
  | { kind: 'interpreterNotFound'; detail: string }
  | { kind: 'codeevalMissing'; detail: string }
  | { kind: 'noLanguageServer'; version: string }
  | { kind: 'failed'; detail: string };

// Exit codes of PROBE_SCRIPT, so its answer does not depend on parsing output.
const EXIT_MISSING = 3;
const EXIT_NO_LSP = 4;

// Imports only the package (cheap); checks that the lsp module exists
// without importing it.
const PROBE_SCRIPT = [
  'import importlib.util, sys',
  'try:',
  '    import codeeval',
  'except ImportError as e:',
  '    print(e); sys.exit(3)',
  'v = getattr(codeeval, "__version__", "unknown")',
  'print(v)',
  'sys.exit(0 if importlib.util.find_spec("codeeval.lsp") else 4)',
].join('\n');

/** Checks that `python` runs and can import codeeval (and its lsp module). */
export function probeCodeeval(python: string, cwd?: string, timeoutMs = 20000): Promise<ProbeResult> {
  return new Promise((resolve) => {
    execFile(python, ['-c', PROBE_SCRIPT], { cwd, timeout: timeoutMs, windowsHide: true }, (error, stdout, stderr) => {
      const out = String(stdout).trim();
      const detail = [out, String(stderr).trim()].filter(Boolean).join('\n');
      if (!error) {
        resolve({ kind: 'ok', version: out || 'unknown' });
        return;
      }
      // A spawn failure has a string code (ENOENT); a finished process its exit code.
      const code: unknown = (error as { code?: unknown }).code;
      if (code === 'ENOENT' || code === 'EACCES') {
        resolve({ kind: 'interpreterNotFound', detail: `${python}: ${error.message}` });
      } else if (code === EXIT_MISSING) {
        resolve({ kind: 'codeevalMissing', detail });
      } else if (code === EXIT_NO_LSP) {
        resolve({ kind: 'noLanguageServer', version: out || 'unknown' });
      } else {
        resolve({ kind: 'failed', detail: detail || error.message });
      }
    });
  });
}
