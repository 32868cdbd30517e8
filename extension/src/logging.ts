// The "codeeval" output channel: the client's own messages and the language
// server's log (its stderr), one line each, at the level the line names.

import type { LogOutputChannel } from 'vscode';
import * as readline from 'node:readline';
import * as api from './vscodeApi';

export const OUTPUT_CHANNEL_NAME = 'codeeval';

export type LogLevel = 'trace' | 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  readonly channel: LogOutputChannel;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  show(): void;
  dispose(): void;
}

export function createLogger(channel: LogOutputChannel = api.createLogOutputChannel(OUTPUT_CHANNEL_NAME)): Logger {
  return {
    channel,
    info: (message) => channel.info(message),
    warn: (message) => channel.warn(message),
    error: (message) => channel.error(message),
    show: () => channel.show(true),
    dispose: () => channel.dispose(),
  };
}

// Python's logging puts the level name in each line ("WARNING:pygls:...",
// "2024-01-01 12:00:00 ERROR ..."); a traceback's lines follow an error.
const LEVEL_PATTERNS: [RegExp, LogLevel][] = [
  [/\b(CRITICAL|ERROR|FATAL)\b|^Traceback \(most recent call last\)/, 'error'],
  [/\bWARN(ING)?\b/, 'warn'],
  [/\bDEBUG\b/, 'debug'],
  [/\bINFO\b/, 'info'],
];

/** The log level a server log line names, or undefined if it names none. */
export function serverLineLevel(line: string): LogLevel | undefined {
  return LEVEL_PATTERNS.find(([pattern]) => pattern.test(line))?.[1];
}

/**
 * Copies a server output stream into the channel line by line. A line that
 * names no level (a traceback's body, a bare print) keeps the previous
 * line's level, so a traceback stays in one piece when filtering by level.
 */
export function pipeServerLog(stream: NodeJS.ReadableStream, channel: LogOutputChannel): void {
  let level: LogLevel = 'info';
  readline.createInterface({ input: stream, crlfDelay: Infinity, terminal: false }).on('line', (line: string) => {
    level = serverLineLevel(line) ?? level;
    channel[level](line);
  });
}
