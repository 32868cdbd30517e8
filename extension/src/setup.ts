// What to tell the user when the server cannot start because of the Python
// side: a one-line message, and step-by-step setup text for "Show setup".
// codeeval never installs anything itself; it says exactly what to run.

import type { ProbeResult } from './launch';
import { describeInterpreter, Interpreter } from './python';

export interface SetupProblem {
  interpreter: Interpreter;
  probe: Exclude<ProbeResult, { kind: 'ok' }>;
}

function quote(command: string): string {
  return /[\s"'$`\\]/.test(command) ? `"${command.replace(/(["$`\\])/g, '\\$1')}"` : command;
}

/** The notification text: what is wrong, in one sentence. */
export function setupMessage({ interpreter, probe }: SetupProblem): string {
  const python = interpreter.command;
  switch (probe.kind) {
    case 'interpreterNotFound':
      return `codeeval: cannot run the Python interpreter ${python}. Set codeeval.interpreter to a Python 3.10+ that has codeeval installed.`;
    case 'codeevalMissing':
      return `codeeval: the language server cannot start because codeeval is not installed for ${python}.`;
    case 'noLanguageServer':
      return `codeeval: the codeeval ${probe.version} installed for ${python} has no language server; upgrade it.`;
    case 'failed':
      return `codeeval: checking codeeval in ${python} failed; see "Show setup" for the error.`;
  }
}

/** The longer text "Show setup" puts in the output channel. */
export function setupInstructions(problem: SetupProblem): string[] {
  const python = quote(problem.interpreter.command);
  const lines = [
    'codeeval setup',
    `Interpreter: ${describeInterpreter(problem.interpreter)}`,
    '',
    'The extension runs the language server as:',
    `    ${python} -m codeeval lsp`,
    'so codeeval (Python 3.10 or newer) must be installed for that interpreter. Either:',
    `  1. install it there from a codeeval checkout:  ${python} -m pip install -e /path/to/codeeval`,
    '  2. or point codeeval at a Python that has it: set "codeeval.interpreter"',
    '     (e.g. /path/to/codeeval/.venv/bin/python after running scripts/setup in a checkout),',
    '     or select that environment with the Python extension.',
    'Then run "codeeval: Restart Server".',
  ];
  const probe = problem.probe;
  const detail = probe.kind === 'noLanguageServer' ? `codeeval ${probe.version} has no codeeval.lsp module` : probe.detail;
  if (detail) {
    lines.push('', 'What the check printed:', ...detail.split('\n').map((line) => `    ${line}`));
  }
  return lines;
}
