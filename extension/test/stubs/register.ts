// Loaded by mocha (--require) before the unit tests: redirects `vscode` and
// `vscode-languageclient/node` to the stubs next to this file, at module
// resolution time, so the extension's own modules load unchanged.

import * as path from 'node:path';
import Module from 'node:module';

const stubs: Record<string, string> = {
  vscode: path.join(__dirname, 'vscode.js'),
  'vscode-languageclient/node': path.join(__dirname, 'languageclient.js'),
};

type Resolve = (request: string, ...rest: unknown[]) => string;
const moduleInternals = Module as unknown as { _resolveFilename: Resolve };
const resolve = moduleInternals._resolveFilename;
moduleInternals._resolveFilename = function (this: unknown, request: string, ...rest: unknown[]): string {
  return stubs[request] ?? resolve.call(this, request, ...rest);
};
