// Optional use of the Python extension's public API (ms-python.python): its
// active environment, and an event when that changes. codeeval does not
// depend on the extension; when it is missing or its API looks different,
// every function here answers "nothing" and the caller falls back to PATH.

import type { Disposable, Uri } from 'vscode';
import * as api from './vscodeApi';

export const PYTHON_EXTENSION_ID = 'ms-python.python';

// The part of the API we use (published as the npm package
// @vscode/python-extension; declared here to avoid a dependency).
interface EnvironmentPath {
  readonly id: string;
  readonly path: string;
}
interface PythonEnvironmentsApi {
  getActiveEnvironmentPath(resource?: Uri): EnvironmentPath;
  resolveEnvironment(environment: EnvironmentPath | string): Promise<{ executable: { uri?: Uri } } | undefined>;
  onDidChangeActiveEnvironmentPath(listener: (event: unknown) => unknown): Disposable;
}
interface PythonExtensionApi {
  ready?: Promise<void>;
  environments: PythonEnvironmentsApi;
}

function isPythonApi(value: unknown): value is PythonExtensionApi {
  const environments = (value as { environments?: Partial<PythonEnvironmentsApi> } | undefined)?.environments;
  return (
    typeof environments?.getActiveEnvironmentPath === 'function' &&
    typeof environments.resolveEnvironment === 'function' &&
    typeof environments.onDidChangeActiveEnvironmentPath === 'function'
  );
}

/** The API, or undefined when the extension is not installed or too old. */
export async function pythonExtensionApi(): Promise<PythonExtensionApi | undefined> {
  const extension = api.getExtension(PYTHON_EXTENSION_ID);
  if (!extension) {
    return undefined;
  }
  const exports = extension.isActive ? extension.exports : await extension.activate();
  if (!isPythonApi(exports)) {
    return undefined;
  }
  await exports.ready;
  return exports;
}

/** Path of the active environment's python executable for `resource`, if any. */
export async function activeInterpreterPath(resource?: Uri): Promise<string | undefined> {
  const python = await pythonExtensionApi();
  if (!python) {
    return undefined;
  }
  const environment = python.environments.getActiveEnvironmentPath(resource);
  const resolved = await python.environments.resolveEnvironment(environment);
  return resolved?.executable.uri?.fsPath;
}

/** Calls `listener` whenever the user picks another environment; undefined without the extension. */
export async function onDidChangeActiveInterpreter(listener: () => unknown): Promise<Disposable | undefined> {
  const python = await pythonExtensionApi();
  return python?.environments.onDidChangeActiveEnvironmentPath(() => listener());
}
