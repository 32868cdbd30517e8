import * as assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import type { LogOutputChannel } from 'vscode';
import { pipeServerLog, serverLineLevel } from '../../src/logging';
import { waitFor } from './helpers';

describe('server log', () => {
  it("takes the level from Python logging's line formats", () => {
    assert.equal(serverLineLevel('INFO:pygls.server:Starting IO server'), 'info');
    assert.equal(serverLineLevel('2025-01-01 10:00:00,123 WARNING codeeval.lsp: slow'), 'warn');
    assert.equal(serverLineLevel('ERROR:codeeval.lsp:evaluate failed'), 'error');
    assert.equal(serverLineLevel('Traceback (most recent call last):'), 'error');
    assert.equal(serverLineLevel('DEBUG:asyncio:Using selector'), 'debug');
    assert.equal(serverLineLevel('  File "x.py", line 3, in f'), undefined);
  });

  it('copies lines into the channel, keeping a traceback at the level of its first line', async () => {
    const lines: [string, string][] = [];
    const record = (level: string) => (message: string) => lines.push([level, message]);
    const channel = { info: record('info'), warn: record('warn'), error: record('error'), debug: record('debug'), trace: record('trace') };
    const stream = new PassThrough();
    pipeServerLog(stream, channel as unknown as LogOutputChannel);
    stream.end('INFO:codeeval:started\nTraceback (most recent call last):\n  File "x.py", line 1\nValueError: bad\nINFO:codeeval:recovered\n');
    await waitFor(() => lines.length === 5, 'five log lines');
    assert.deepEqual(lines, [
      ['info', 'INFO:codeeval:started'],
      ['error', 'Traceback (most recent call last):'],
      ['error', '  File "x.py", line 1'],
      ['error', 'ValueError: bad'],
      ['info', 'INFO:codeeval:recovered'],
    ]);
  });
});
