// "codeeval: Show Review Queue": runs `codeeval queue <run folder>` with the
// configured interpreter on a run folder the user picks, then opens the
// Markdown it writes in the preview. An older codeeval without the `queue`
// command is named as such, not shown as a crash.

import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { MARKDOWN_PREVIEW_TO_SIDE } from './ids';
import type { Logger } from './logging';
import * as api from './vscodeApi';

export interface ReviewQueueDeps {
  /** The Python that runs the language server (codeeval is importable there). */
  interpreter(): Promise<string>;
  log: Logger;
}

export interface QueueRun {
  code: number;
  stdout: string;
  stderr: string;
}

const QUEUE_TIMEOUT_MS = 120_000;

/** `<python> -m codeeval queue <folder> --markdown <file>` as a child process (never a shell). */
export function runQueue(python: string, folder: string, markdown: string, cwd: string | undefined): Promise<QueueRun> {
  return new Promise((resolve) => {
    execFile(
      python,
      ['-m', 'codeeval', 'queue', folder, '--markdown', markdown],
      { cwd, timeout: QUEUE_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout: String(stdout), stderr: String(stderr) || (error && code === -1 ? error.message : '') });
      },
    );
  });
}

/** What went wrong, for the user: an older codeeval, or the command's own message. */
export function queueFailure(run: QueueRun, python: string): string {
  if (/invalid choice: '?queue'?/.test(run.stderr) || /No module named .codeeval\.triage/.test(run.stderr)) {
    return `codeeval: this codeeval (${python}) has no \`queue\` command yet; update codeeval to see a run's review queue.`;
  }
  const lines = run.stderr.trim().split('\n').filter((line) => line.trim() !== '');
  return `codeeval queue failed (exit ${run.code}): ${lines.slice(-3).join(' ') || 'no message'}`;
}

export async function showReviewQueue(deps: ReviewQueueDeps): Promise<string | undefined> {
  const folders = api.workspaceFolders();
  const picked = await api.showOpenDialog({
    canSelectFolders: true,
    canSelectFiles: false,
    canSelectMany: false,
    defaultUri: folders[0]?.uri,
    openLabel: 'Review this run',
    title: 'codeeval: a `codeeval run --output` folder',
  });
  const folder = picked?.[0]?.fsPath;
  if (!folder) {
    return undefined;
  }
  const python = await deps.interpreter();
  const markdown = path.join(folder, 'queue.md');
  deps.log.info(`Review queue: ${python} -m codeeval queue ${folder} --markdown ${markdown}`);
  const run = await runQueue(python, folder, markdown, folders[0]?.uri.fsPath);
  if (run.code !== 0) {
    const message = queueFailure(run, python);
    deps.log.error(`${message}\n${run.stderr}`);
    void api.showErrorMessage(message);
    return undefined;
  }
  await api.executeCommand(MARKDOWN_PREVIEW_TO_SIDE, api.Uri.file(markdown));
  return markdown;
}
