// People's decisions from the editor: the "Dismiss finding…" quick action asks
// for a reason before the server records it (the server's own default reason
// is for clients that cannot ask), and "codeeval: Override Score…" sets a
// dimension's score, or the total, of the last evaluation with a reason.

import type { Uri } from 'vscode';
import type { Logger } from './logging';
import { DecideFindingArgs, DecisionRecorded, OVERRIDE_TARGETS, asDecideFindingArgs } from './protocol';
import type { ServerApi } from './serverApi';
import type { ScoreStatusBar } from './statusBar';
import { baseName, commandTarget } from './target';
import * as api from './vscodeApi';

export interface DecisionDeps {
  ready(): Promise<ServerApi | undefined>;
  statusBar: ScoreStatusBar;
  log: Logger;
  serverUnavailable(): Promise<void>;
}

const STATUS_MS = 6000;

function requireReason(value: string): string | undefined {
  return value.trim() === '' ? 'Say why: the reason is kept with the decision, for whoever reads the report next.' : undefined;
}

/** The finding as its diagnostic reads ("CQ101: public function ..."), for the input box's title. */
function findingTitle(args: DecideFindingArgs): string {
  const shown = api.diagnosticsOf(api.Uri.parse(args.uri)).find(
    (d) => (d as { data?: { fingerprint?: unknown } }).data?.fingerprint === args.finding,
  );
  if (!shown) {
    return `finding ${args.finding}`;
  }
  const code = typeof shown.code === 'object' ? shown.code.value : shown.code;
  return code === undefined ? shown.message : `${String(code)}: ${shown.message}`;
}

/** The reason for a dismissal, asked for; undefined when the user pressed Escape. */
async function askReason(args: DecideFindingArgs): Promise<string | undefined> {
  const reason = await api.showInputBox({
    title: `codeeval: dismiss ${findingTitle(args)}`,
    prompt: 'Why is it wrong here? It is kept in codeeval-decisions.jsonl with your name, and the finding becomes a hint.',
    placeHolder: 'e.g. the name is the one the task asks for',
    ignoreFocusOut: true,
    validateInput: requireReason,
  });
  return reason?.trim() || undefined;
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/^codeeval: /, ''); // the server's messages name it already
}

/** Records a decision on the document `uri` through `send`, telling the user what happened (and showing the
 * evaluation's new score when there is one); undefined when it failed. */
async function record(
  deps: DecisionDeps,
  uri: string,
  what: string,
  send: (server: ServerApi) => Promise<DecisionRecorded>,
): Promise<DecisionRecorded | undefined> {
  const server = await deps.ready();
  if (!server) {
    await deps.serverUnavailable();
    return undefined;
  }
  try {
    const recorded = await send(server);
    deps.log.info(`${what}: ${recorded.kind} ${recorded.target} by ${recorded.reviewer} (${recorded.reason}) in ${recorded.decisionFile}`);
    const score = recorded.score === null ? '' : `; score now ${recorded.score.toFixed(1)}`;
    api.setStatusBarMessage(`codeeval: ${recorded.kind} recorded for ${recorded.reviewer}${score}`, STATUS_MS);
    if (recorded.reportUri !== null) {
      const problem = deps.statusBar.resultFor(uri)?.problem ?? null;
      deps.statusBar.setResult(uri, { score: recorded.score, problem, reportUri: recorded.reportUri });
    }
    return recorded;
  } catch (error) {
    deps.log.error(`${what} failed: ${errorText(error)}`);
    void api.showErrorMessage(`codeeval: ${errorText(error)}`);
    return undefined;
  }
}

/** The quick actions' `codeeval.decideFinding`: a dismissal asks for its reason first. */
export async function decideFinding(deps: DecisionDeps, arg: unknown): Promise<DecisionRecorded | undefined> {
  const args = asDecideFindingArgs(arg);
  if (!args) {
    deps.log.warn(`codeeval.decideFinding with an argument it cannot use: ${JSON.stringify(arg)}`);
    return undefined;
  }
  if (args.kind === 'dismiss' && args.reason === undefined) {
    const reason = await askReason(args);
    if (reason === undefined) {
      return undefined;
    }
    args.reason = reason;
  }
  return record(deps, args.uri, `Decision on finding ${args.finding}`, (server) => server.decideFinding(args));
}

function parseScore(value: string): number | undefined {
  const score = Number(value.trim());
  return value.trim() !== '' && Number.isFinite(score) && score >= 0 && score <= 100 ? score : undefined;
}

/** Dimension, score and reason, asked one after the other; undefined when the user gave up. */
async function askOverride(uri: Uri): Promise<{ dimension: string; score: number; reason: string } | undefined> {
  const picked = await api.showQuickPick(
    OVERRIDE_TARGETS.map((name) => ({ label: name, description: name === 'total' ? 'the whole score' : undefined })),
    { title: `codeeval: override a score of ${baseName(uri)}`, placeHolder: 'Which score do you set by hand?' },
  );
  if (!picked) {
    return undefined;
  }
  const score = await api.showInputBox({
    title: `codeeval: ${picked.label} of ${baseName(uri)}`,
    prompt: 'The score it should have, from 0 to 100',
    ignoreFocusOut: true,
    validateInput: (value) => (parseScore(value) === undefined ? 'A number from 0 to 100' : undefined),
  });
  const parsed = score === undefined ? undefined : parseScore(score);
  if (parsed === undefined) {
    return undefined;
  }
  const reason = await api.showInputBox({
    title: `codeeval: why ${picked.label} = ${parsed}?`,
    prompt: 'The reason is kept in codeeval-decisions.jsonl with your name and shown in the report.',
    ignoreFocusOut: true,
    validateInput: requireReason,
  });
  return reason?.trim() ? { dimension: picked.label, score: parsed, reason: reason.trim() } : undefined;
}

/** "codeeval: Override Score…": for the document's last evaluation (the server refuses without one). */
export async function overrideScore(deps: DecisionDeps, arg?: unknown): Promise<DecisionRecorded | undefined> {
  const uri = commandTarget(arg);
  if (!uri) {
    void api.showInformationMessage('codeeval: open an evaluated Python file to override its score.');
    return undefined;
  }
  const asked = await askOverride(uri);
  if (!asked) {
    return undefined;
  }
  return record(deps, uri.toString(), `Override of ${uri.toString()}`, (server) => server.overrideScore({ uri: uri.toString(), ...asked }));
}
