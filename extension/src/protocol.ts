// The editor protocol of the codeeval language server (docs/architecture.md,
// "Editor protocol"): command names, argument and result shapes, and checks
// that turn the server's untyped JSON into these types. No `vscode` import, so
// the integration test can use it from plain Node.
//
// The result interfaces mirror the server's reply dataclasses
// (server/codeeval/lsp/command_replies.py): same names, same fields in the same
// order. tests/lsp/test_protocol_mirror.py fails when the two differ, or when a
// type here does not admit a value the server sends.

export const ServerCommand = {
  evaluate: 'codeeval.evaluate',
  listProblems: 'codeeval.listProblems',
  showReport: 'codeeval.showReport',
  lastResult: 'codeeval.lastResult',
  health: 'codeeval.health',
  workspaceQuality: 'codeeval.workspaceQuality',
  decideFinding: 'codeeval.decideFinding',
  overrideScore: 'codeeval.overrideScore',
  reviewChanges: 'codeeval.reviewChanges',
  acceptChange: 'codeeval.acceptChange',
} as const;

/** The `problem` value that asks for an evaluation without a problem file. */
export const NO_PROBLEM = 'none';

export interface EvaluateArgs {
  uri: string;
  /** Problem name, or a path/URI of a problem file; null: let the server find it. */
  problem?: string | null;
}

export interface ProblemChoice {
  name: string;
  path: string | null;
  summary: string | null;
}

export interface EvaluateDone {
  status: 'done';
  score: number | null;
  problem: string | null;
  reportUri: string;
  jsonUri: string | null;
  dimensions: Record<string, number | null>;
}

export interface NeedsProblem {
  status: 'needsProblem';
  choices: ProblemChoice[];
  /** Why no problem was found, when the server says (not required by the contract). */
  message: string | null;
}

export interface EvaluateCancelled {
  status: 'cancelled';
}

export type EvaluateResult = EvaluateDone | NeedsProblem | EvaluateCancelled;

/** `codeeval.showReport`'s answer (parseShowReport returns its reportUri). */
export interface ReportLocation {
  reportUri: string;
}

export interface LastResult {
  score: number | null;
  problem: string | null;
  reportUri: string;
}

/** A function whose quality moved since git HEAD; null: new (before) or removed (after). */
export interface FunctionChange {
  name: string;
  before: number | null;
  after: number | null;
}

/** A finding that git HEAD's version of the file does not have. */
export interface NewFinding {
  rule: string;
  line: number;
  message: string;
}

/** A file's quality against its version in git HEAD (`codeeval.health`). */
export interface Health {
  score: number | null;
  headScore: number | null;
  delta: number | null;
  /** 'better', 'worse', 'unchanged' or 'untracked' (git has no HEAD version). */
  trend: string;
  headline: string;
  /** The whole comparison as Markdown: which functions moved, which findings are new. */
  markdown: string;
  /** The details behind `markdown` (the server always sends them; the status bar needs only the Markdown). */
  functions?: FunctionChange[];
  newFindings?: NewFinding[];
  /** Findings in HEAD that are gone. */
  fixed?: number;
}

/** One row of `codeeval.workspaceQuality`: a workspace file's quality, worst first. */
export interface FileQuality {
  uri: string;
  path: string;
  score: number | null;
  headScore: number | null;
  delta: number | null;
  findings: number;
}

/** `codeeval.decideFinding`'s argument: a finding (its fingerprint, a diagnostic's `data.fingerprint`) dismissed or confirmed. */
export interface DecideFindingArgs {
  uri: string;
  finding: string;
  kind: 'dismiss' | 'confirm';
  /** Absent: the server's default reason ("dismissed in the editor"). */
  reason?: string;
  /** Absent: `git config user.name`, else $USER, where the server runs. */
  reviewer?: string;
}

/** `codeeval.overrideScore`'s argument: a dimension's score, or the total, of the last evaluation set by hand. */
export interface OverrideScoreArgs {
  uri: string;
  /** A dimension's name, or 'total'. */
  dimension: string;
  score: number;
  reason: string;
  reviewer?: string;
}

/** What `codeeval.decideFinding` and `codeeval.overrideScore` recorded, and the document's score with it applied. */
export interface DecisionRecorded {
  /** 'dismiss', 'confirm' or 'override'. */
  kind: string;
  target: string;
  reviewer: string;
  reason: string;
  decisionFile: string;
  score: number | null;
  reportUri: string | null;
}

/** `codeeval.reviewChanges`' argument: the folder of `uri` (absent: the first folder) against `base` (absent: HEAD). */
export interface ReviewChangesArgs {
  uri?: string;
  base?: string;
}

/** `codeeval.reviewChanges`: the workspace folder's changed functions judged against their base versions. */
export interface ReviewChanges {
  /** 'done', 'nothing' (not a git checkout, an unknown base, no Python change) or 'cancelled'. */
  status: string;
  message: string;
  reportUri: string | null;
  jsonUri: string | null;
  changed: number;
  behaviourChanges: number;
  slowdowns: number;
}

/** `codeeval.acceptChange`'s argument: a behaviour change (a diagnostic's `data.fingerprint`) accepted as intended. */
export interface AcceptChangeArgs {
  uri: string;
  finding: string;
  /** Absent: the server's default reason ("accepted in the editor"). */
  reason?: string;
  reviewer?: string;
}

/** The dimensions an override may name, and the total. */
export const OVERRIDE_TARGETS = ['total', 'correctness', 'edge_cases', 'performance', 'code_quality'] as const;

/** The server answered with something the contract does not allow. */
export class ProtocolError extends Error {
  constructor(command: string, detail: string) {
    super(`${command}: unexpected answer from the codeeval server: ${detail}`);
    this.name = 'ProtocolError';
  }
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optionalString(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function optionalNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** A choice may come as a bare name or as `{name, path, summary}`. */
export function parseProblemChoice(command: string, value: unknown): ProblemChoice {
  if (typeof value === 'string') {
    return { name: value, path: null, summary: null };
  }
  if (isObject(value) && typeof value.name === 'string') {
    return { name: value.name, path: optionalString(value.path), summary: optionalString(value.summary) };
  }
  throw new ProtocolError(command, `a problem choice without a name: ${JSON.stringify(value)}`);
}

/** The `problem` argument for `codeeval.evaluate` once the user picked a choice: the file when known (names may repeat across folders). */
export function problemArgument(choice: ProblemChoice): string {
  if (choice.name === NO_PROBLEM) {
    return NO_PROBLEM;
  }
  return choice.path ?? choice.name;
}

export function parseProblemList(value: unknown): ProblemChoice[] {
  if (!Array.isArray(value)) {
    throw new ProtocolError(ServerCommand.listProblems, 'expected a list');
  }
  return value.map((item) => parseProblemChoice(ServerCommand.listProblems, item));
}

export function parseEvaluateResult(value: unknown): EvaluateResult {
  const command = ServerCommand.evaluate;
  if (!isObject(value)) {
    throw new ProtocolError(command, `expected an object, got ${JSON.stringify(value)}`);
  }
  switch (value.status) {
    case 'done': {
      if (typeof value.reportUri !== 'string' || value.reportUri === '') {
        throw new ProtocolError(command, 'status "done" without a reportUri');
      }
      const dimensions: Record<string, number | null> = {};
      if (isObject(value.dimensions)) {
        for (const [name, score] of Object.entries(value.dimensions)) {
          dimensions[name] = optionalNumber(score);
        }
      }
      return {
        status: 'done',
        score: optionalNumber(value.score),
        problem: optionalString(value.problem),
        reportUri: value.reportUri,
        jsonUri: optionalString(value.jsonUri),
        dimensions,
      };
    }
    case 'needsProblem': {
      if (!Array.isArray(value.choices)) {
        throw new ProtocolError(command, 'status "needsProblem" without a list of choices');
      }
      return {
        status: 'needsProblem',
        choices: value.choices.map((c) => parseProblemChoice(command, c)),
        message: optionalString(value.message),
      };
    }
    case 'cancelled':
      return { status: 'cancelled' };
    default:
      throw new ProtocolError(command, `unknown status ${JSON.stringify(value.status)}`);
  }
}

/** `codeeval.showReport` answers `{reportUri}` or null. */
export function parseShowReport(value: unknown): string | null {
  if (value === null || value === undefined) {
    return null;
  }
  if (isObject(value) && typeof value.reportUri === 'string') {
    return value.reportUri;
  }
  throw new ProtocolError(ServerCommand.showReport, `expected {reportUri} or null, got ${JSON.stringify(value)}`);
}

export function parseLastResult(value: unknown): LastResult | null {
  if (value === null || value === undefined) {
    return null;
  }
  if (isObject(value) && typeof value.reportUri === 'string') {
    return { score: optionalNumber(value.score), problem: optionalString(value.problem), reportUri: value.reportUri };
  }
  throw new ProtocolError(ServerCommand.lastResult, `expected {score, problem, reportUri} or null, got ${JSON.stringify(value)}`);
}

function parseFunctionChanges(value: unknown): FunctionChange[] {
  const changes = Array.isArray(value) ? value.filter(isObject) : [];
  return changes.map((c) => ({ name: optionalString(c.name) ?? '', before: optionalNumber(c.before), after: optionalNumber(c.after) }));
}

function parseNewFindings(value: unknown): NewFinding[] {
  const findings = Array.isArray(value) ? value.filter(isObject) : [];
  return findings.map((f) => ({ rule: optionalString(f.rule) ?? '', line: optionalNumber(f.line) ?? 0, message: optionalString(f.message) ?? '' }));
}

export function parseHealth(value: unknown): Health | null {
  if (value === null || value === undefined) {
    return null;
  }
  if (isObject(value) && typeof value.trend === 'string' && typeof value.markdown === 'string') {
    return {
      score: optionalNumber(value.score),
      headScore: optionalNumber(value.headScore),
      delta: optionalNumber(value.delta),
      trend: value.trend,
      headline: optionalString(value.headline) ?? '',
      markdown: value.markdown,
      functions: parseFunctionChanges(value.functions),
      newFindings: parseNewFindings(value.newFindings),
      fixed: optionalNumber(value.fixed) ?? 0,
    };
  }
  throw new ProtocolError(ServerCommand.health, `expected {trend, markdown, ...} or null, got ${JSON.stringify(value)}`);
}

export function parseFileQualities(value: unknown): FileQuality[] {
  if (!Array.isArray(value)) {
    throw new ProtocolError(ServerCommand.workspaceQuality, 'expected a list');
  }
  return value.map((item) => {
    if (!isObject(item) || typeof item.uri !== 'string' || typeof item.path !== 'string') {
      throw new ProtocolError(ServerCommand.workspaceQuality, `a file without uri or path: ${JSON.stringify(item)}`);
    }
    return {
      uri: item.uri,
      path: item.path,
      score: optionalNumber(item.score),
      headScore: optionalNumber(item.headScore),
      delta: optionalNumber(item.delta),
      findings: optionalNumber(item.findings) ?? 0,
    };
  });
}

export function parseDecisionRecorded(command: string, value: unknown): DecisionRecorded {
  if (!isObject(value) || typeof value.kind !== 'string' || typeof value.decisionFile !== 'string') {
    throw new ProtocolError(command, `expected {kind, target, reviewer, reason, decisionFile, ...}, got ${JSON.stringify(value)}`);
  }
  return {
    kind: value.kind,
    target: optionalString(value.target) ?? '',
    reviewer: optionalString(value.reviewer) ?? '',
    reason: optionalString(value.reason) ?? '',
    decisionFile: value.decisionFile,
    score: optionalNumber(value.score),
    reportUri: optionalString(value.reportUri),
  };
}

/** A `codeeval.decideFinding` argument as a code action sends it, or undefined when it is not one. */
export function asDecideFindingArgs(value: unknown): DecideFindingArgs | undefined {
  if (!isObject(value) || typeof value.uri !== 'string' || typeof value.finding !== 'string') {
    return undefined;
  }
  if (value.kind !== 'dismiss' && value.kind !== 'confirm') {
    return undefined;
  }
  const args: DecideFindingArgs = { uri: value.uri, finding: value.finding, kind: value.kind };
  if (typeof value.reason === 'string' && value.reason.trim() !== '') {
    args.reason = value.reason;
  }
  if (typeof value.reviewer === 'string' && value.reviewer.trim() !== '') {
    args.reviewer = value.reviewer;
  }
  return args;
}

export function parseReviewChanges(value: unknown): ReviewChanges {
  const command = ServerCommand.reviewChanges;
  if (!isObject(value) || typeof value.status !== 'string' || typeof value.message !== 'string') {
    throw new ProtocolError(command, `expected {status, message, reportUri, ...}, got ${JSON.stringify(value)}`);
  }
  return {
    status: value.status,
    message: value.message,
    reportUri: optionalString(value.reportUri),
    jsonUri: optionalString(value.jsonUri),
    changed: optionalNumber(value.changed) ?? 0,
    behaviourChanges: optionalNumber(value.behaviourChanges) ?? 0,
    slowdowns: optionalNumber(value.slowdowns) ?? 0,
  };
}

/** A `codeeval.acceptChange` argument as the quick action sends it, or undefined when it is not one. */
export function asAcceptChangeArgs(value: unknown): AcceptChangeArgs | undefined {
  if (!isObject(value) || typeof value.uri !== 'string' || typeof value.finding !== 'string') {
    return undefined;
  }
  const args: AcceptChangeArgs = { uri: value.uri, finding: value.finding };
  if (typeof value.reason === 'string' && value.reason.trim() !== '') {
    args.reason = value.reason;
  }
  if (typeof value.reviewer === 'string' && value.reviewer.trim() !== '') {
    args.reviewer = value.reviewer;
  }
  return args;
}
