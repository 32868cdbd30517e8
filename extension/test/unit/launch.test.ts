import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ensureExited, probeCodeeval, serverLaunch, spawnServer } from '../../src/launch';
import { fakeInterpreter, tempDir, waitFor } from './helpers';

describe('server launch', () => {
  it('runs `<python> -m codeeval lsp` with unbuffered UTF-8 output', () => {
    const launch = serverLaunch('/venv/bin/python', '/ws', { PATH: '/bin', KEEP: '1' });
    assert.equal(launch.command, '/venv/bin/python');
    assert.deepEqual(launch.args, ['-m', 'codeeval', 'lsp']);
    assert.equal(launch.cwd, '/ws');
    assert.equal(launch.env.PYTHONUNBUFFERED, '1');
    assert.equal(launch.env.PYTHONIOENCODING, 'utf-8');
    assert.equal(launch.env.KEEP, '1');
  });

  it('spawns exactly that command line, in that folder', async () => {
    const dir = tempDir();
    const record = path.join(dir, 'argv');
    const python = fakeInterpreter(dir, `echo "$@" > ${record}; pwd >> ${record}; echo "$PYTHONUNBUFFERED" >> ${record}`);
    const child = spawnServer(serverLaunch(python, dir));
    await new Promise((resolve) => child.on('exit', resolve));
    assert.deepEqual(fs.readFileSync(record, 'utf8').trim().split('\n'), ['-m codeeval lsp', fs.realpathSync(dir), '1']);
  });

  it('kills a server that does not exit after the grace period, with the processes it started', async function () {
    if (process.platform !== 'linux') {
      this.skip();
    }
    const pidFile = path.join(tempDir(), 'worker.pid');
    const child = spawnServer({ command: '/bin/sh', args: ['-c', `sleep 30 & echo $! > ${pidFile}; wait`], cwd: undefined, env: process.env });
    await waitFor(() => fs.existsSync(pidFile) && fs.readFileSync(pidFile, 'utf8').trim() !== '', 'the worker to start');
    const worker = Number(fs.readFileSync(pidFile, 'utf8'));
    assert.equal(running(worker), true);
    const started = Date.now();
    await ensureExited(child, 100);
    await waitFor(() => child.signalCode !== null, 'the server to die');
    assert.equal(child.signalCode, 'SIGKILL');
    await waitFor(() => !running(worker), 'the worker to die');
    assert.ok(Date.now() - started < 5000);
  });

  it('returns at once for a server that exits by itself', async () => {
    const child = spawnServer({ command: '/bin/sh', args: ['-c', 'exit 0'], cwd: undefined, env: process.env });
    await new Promise((resolve) => child.on('exit', resolve));
    const started = Date.now();
    await ensureExited(child, 5000);
    assert.ok(Date.now() - started < 1000);
  });
});

/** Alive and not a zombie waiting to be reaped (Linux). */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

describe('codeeval probe', function () {
  this.timeout(20000);
  // python3 without site-packages (-S): codeeval is importable only from the
  // probe's working directory, which each test lays out.
  let isolatedPython: string;
  let dir: string;

  before(() => {
    dir = tempDir();
    isolatedPython = fakeInterpreter(dir, 'exec python3 -S "$@"', 'isolated-python');
  });

  function workspace(layout: Record<string, string>): string {
    const root = tempDir('codeeval-probe-');
    for (const [file, text] of Object.entries(layout)) {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    }
    return root;
  }

  it('answers ok with the version when codeeval and its lsp module import', async () => {
    const cwd = workspace({ 'codeeval/__init__.py': '__version__ = "9.8.7"\n', 'codeeval/lsp/__init__.py': '' });
    assert.deepEqual(await probeCodeeval(isolatedPython, cwd), { kind: 'ok', version: '9.8.7' });
  });

  it('says codeeval is missing when it cannot be imported', async () => {
    const result = await probeCodeeval(isolatedPython, workspace({}));
    assert.equal(result.kind, 'codeevalMissing');
    assert.match(result.kind === 'codeevalMissing' ? result.detail : '', /No module named 'codeeval'/);
  });

  it('says the language server is missing from an old codeeval', async () => {
    const cwd = workspace({ 'codeeval/__init__.py': '__version__ = "0.0.1"\n' });
    assert.deepEqual(await probeCodeeval(isolatedPython, cwd), { kind: 'noLanguageServer', version: '0.0.1' });
  });

  it('says the interpreter is not there', async () => {
    const result = await probeCodeeval(path.join(dir, 'no-such-python'));
    assert.equal(result.kind, 'interpreterNotFound');
  });

  it('reports any other failure with what the interpreter printed', async () => {
    const broken = fakeInterpreter(dir, 'echo "Fatal Python error: init failed" >&2; exit 1', 'broken-python');
    assert.deepEqual(await probeCodeeval(broken), { kind: 'failed', detail: 'Fatal Python error: init failed' });
  });
});
