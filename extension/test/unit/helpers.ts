// Shared helpers for the unit tests.

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const made: string[] = [];

/** A fresh folder under the system's temporary folder, removed when the test process exits. */
export function tempDir(prefix = 'codeeval-ext-test-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}

process.on('exit', () => {
  for (const dir of made) {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/** Writes an executable shell script that stands in for a Python interpreter. */
export function fakeInterpreter(dir: string, body: string, name = 'fake-python'): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  return file;
}

/** A fake interpreter whose `-c` probe succeeds, like one with codeeval installed. */
export function workingInterpreter(dir: string): string {
  return fakeInterpreter(dir, 'echo 0.0-test; exit 0', 'working-python');
}

export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Polls `condition` until it holds, failing after `timeoutMs`. */
export async function waitFor(condition: () => boolean, what: string, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Lets pending promise callbacks run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) {
    await Promise.resolve();
  }
}
