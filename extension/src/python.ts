// Which Python starts the language server. Order: the `codeeval.interpreter`
// setting, else the Python extension's active environment (when that
// extension is installed), else `python3` on PATH. Pure: the sources are
// passed in, so the order is unit-tested without VS Code.

import * as os from 'node:os';
import * as path from 'node:path';

export type InterpreterSource = 'setting' | 'pythonExtension' | 'path';

export interface Interpreter {
  command: string;
  source: InterpreterSource;
}

export interface InterpreterLookup {
  /** `codeeval.interpreter` as written, or undefined when blank. */
  setting: string | undefined;
  /** Folder that `${workspaceFolder}` and relative paths refer to. */
  workspaceFolder: string | undefined;
  /** The Python extension's active interpreter; undefined when it is not installed or has none. */
  activeEnvironment: () => Promise<string | undefined>;
  platform?: NodeJS.Platform;
  homeDir?: string;
}

export interface LookupOutcome {
  interpreter: Interpreter;
  /** Things the user may want to know (e.g. the Python extension failed). */
  notes: string[];
}

/** Name of the interpreter looked up on PATH when nothing else is configured. */
export function defaultPythonCommand(platform: NodeJS.Platform = process.platform): string {
  return platform === 'win32' ? 'python' : 'python3';
}

/** Expands `${workspaceFolder}`, `${userHome}` and `~`; makes a relative path absolute. */
export function expandInterpreterSetting(value: string, workspaceFolder: string | undefined, homeDir = os.homedir()): string {
  let result = value.replace(/\$\{userHome\}/g, homeDir);
  if (workspaceFolder !== undefined) {
    result = result.replace(/\$\{workspaceFolder\}/g, workspaceFolder);
  }
  if (result === '~' || result.startsWith('~/') || result.startsWith('~\\')) {
    result = path.join(homeDir, result.slice(1));
  }
  // A bare command name ("python3.12") is looked up on PATH; a relative path
  // ("./.venv/bin/python") is taken from the workspace folder.
  const looksLikePath = result.includes('/') || result.includes('\\');
  if (looksLikePath && !path.isAbsolute(result) && workspaceFolder !== undefined) {
    result = path.join(workspaceFolder, result);
  }
  return result;
}

export async function findInterpreter(lookup: InterpreterLookup): Promise<LookupOutcome> {
  const notes: string[] = [];
  if (lookup.setting !== undefined) {
    const command = expandInterpreterSetting(lookup.setting, lookup.workspaceFolder, lookup.homeDir);
    return { interpreter: { command, source: 'setting' }, notes };
  }
  try {
    const active = await lookup.activeEnvironment();
    if (active) {
      return { interpreter: { command: active, source: 'pythonExtension' }, notes };
    }
  } catch (error) {
    // The Python extension is optional: a failure there must not stop codeeval.
    notes.push(`The Python extension did not report an interpreter (${String(error)}); using ${defaultPythonCommand(lookup.platform)} from PATH.`);
  }
  return { interpreter: { command: defaultPythonCommand(lookup.platform), source: 'path' }, notes };
}

export function describeInterpreter(interpreter: Interpreter): string {
  const from = {
    setting: 'the codeeval.interpreter setting',
    pythonExtension: "the Python extension's active environment",
    path: 'PATH',
  }[interpreter.source];
  return `${interpreter.command} (from ${from})`;
}
