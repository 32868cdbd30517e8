import * as assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver-protocol/node';
import { parseEvaluateResult, parseLastResult, parseProblemList, parseShowReport, ProtocolError } from '../../src/protocol';
import { requestSender, RpcClient, ServerApi, WorkDoneProgressValue } from '../../src/serverApi';
import { CancellationTokenSource } from '../stubs/vscode';
import { deferred, settle } from './helpers';

describe('protocol parsing', () => {
  it('reads a finished evaluation, keeping every field of the contract', () => {
    const answer = {
      status: 'done',
      score: 71.5,
      problem: 'two_sum',
      reportUri: 'file:///ws/.codeeval/reports/a.md',
      jsonUri: 'file:///ws/.codeeval/reports/a.json',
      dimensions: { correctness: 100, performance: null },
    };
    assert.deepEqual(parseEvaluateResult(answer), answer);
    const minimal = parseEvaluateResult({ status: 'done', reportUri: 'file:///r.md', score: 'n/a' });
    assert.deepEqual(minimal, { status: 'done', score: null, problem: null, reportUri: 'file:///r.md', jsonUri: null, dimensions: {} });
  });

  it('reads needsProblem choices given as objects or bare names', () => {
    const result = parseEvaluateResult({ status: 'needsProblem', choices: [{ name: 'two_sum', path: '/p/two_sum.yaml', summary: 'Sum' }, 'none'] });
    assert.deepEqual(result, {
      status: 'needsProblem',
      choices: [
        { name: 'two_sum', path: '/p/two_sum.yaml', summary: 'Sum' },
        { name: 'none', path: null, summary: null },
      ],
      message: null,
    });
    const explained = parseEvaluateResult({ status: 'needsProblem', choices: [], message: 'no problem named a' });
    assert.equal(explained.status === 'needsProblem' && explained.message, 'no problem named a');
  });

  it('rejects answers outside the contract', () => {
    assert.throws(() => parseEvaluateResult(null), ProtocolError);
    assert.throws(() => parseEvaluateResult({ status: 'done', score: 1 }), /reportUri/);
    assert.throws(() => parseEvaluateResult({ status: 'needsProblem' }), /choices/);
    assert.throws(() => parseEvaluateResult({ status: 'weird' }), /unknown status/);
    assert.throws(() => parseProblemList({}), /list/);
    assert.throws(() => parseProblemList([{ path: '/x' }]), /without a name/);
    assert.throws(() => parseShowReport('file:///a.md'), ProtocolError);
  });

  it('reads showReport and lastResult, including null', () => {
    assert.equal(parseShowReport(null), null);
    assert.equal(parseShowReport({ reportUri: 'file:///a.md' }), 'file:///a.md');
    assert.equal(parseLastResult(null), null);
    assert.deepEqual(parseLastResult({ score: 50, problem: 'p', reportUri: 'file:///a.md' }), { score: 50, problem: 'p', reportUri: 'file:///a.md' });
  });
});

/** A fake connection that records requests and lets the test answer them. */
function fakeRpc() {
  const sent: { method: string; params: unknown; token: unknown }[] = [];
  const progress = new Map<string, (value: WorkDoneProgressValue) => void>();
  const answer = deferred<unknown>();
  const rpc: RpcClient = {
    sendRequest: (method, params, token) => {
      sent.push({ method, params, token });
      return answer.promise;
    },
    onProgress: (token, handler) => {
      progress.set(token, handler);
      return { dispose: () => progress.delete(token) };
    },
  };
  return { rpc, sent, progress, answer };
}

describe('ServerApi', () => {
  it('calls codeeval.evaluate with one argument object and a work-done token, and forwards progress', async () => {
    const { rpc, sent, progress, answer } = fakeRpc();
    const seen: WorkDoneProgressValue[] = [];
    const pending = new ServerApi(rpc).evaluate({ uri: 'file:///a.py', problem: null }, { onProgress: (v) => seen.push(v) });
    const params = sent[0]?.params as { command: string; arguments: unknown[]; workDoneToken: string };
    assert.equal(sent[0]?.method, 'workspace/executeCommand');
    assert.equal(params.command, 'codeeval.evaluate');
    assert.deepEqual(params.arguments, [{ uri: 'file:///a.py', problem: null }]);
    assert.equal(typeof params.workDoneToken, 'string');
    progress.get(params.workDoneToken)?.({ kind: 'report', percentage: 40 });
    answer.resolve({ status: 'done', score: 90, problem: 'p', reportUri: 'file:///r.md', dimensions: {} });
    assert.equal((await pending).status, 'done');
    assert.deepEqual(seen, [{ kind: 'report', percentage: 40 }]);
    assert.equal(progress.size, 0, 'the progress handler is removed afterwards');
  });

  it('resolves "cancelled" as soon as the token fires, passing the token on to the request', async () => {
    const { rpc, sent } = fakeRpc();
    const source = new CancellationTokenSource();
    const pending = new ServerApi(rpc).evaluate({ uri: 'file:///a.py' }, { token: source.token });
    await settle();
    assert.equal(sent[0]?.token, source.token);
    source.cancel();
    assert.deepEqual(await pending, { status: 'cancelled' });
  });

  it('treats a RequestCancelled error as cancelled and other errors as failures', async () => {
    const cancelled = fakeRpc();
    const source = new CancellationTokenSource();
    const a = new ServerApi(cancelled.rpc).evaluate({ uri: 'file:///a.py' }, { token: source.token });
    cancelled.answer.reject(Object.assign(new Error('cancelled'), { code: -32800 }));
    assert.deepEqual(await a, { status: 'cancelled' });

    const failing = fakeRpc();
    const b = new ServerApi(failing.rpc).evaluate({ uri: 'file:///a.py' }, { token: new CancellationTokenSource().token });
    failing.answer.reject(Object.assign(new Error('internal error'), { code: -32603 }));
    await assert.rejects(b, /internal error/);
  });

  it('sends {uri} to the other commands and parses their answers', async () => {
    const { rpc, sent, answer } = fakeRpc();
    const api = new ServerApi(rpc);
    answer.resolve([{ name: 'two_sum', path: '/p/two_sum.yaml', summary: null }]);
    assert.deepEqual(await api.listProblems('file:///a.py'), [{ name: 'two_sum', path: '/p/two_sum.yaml', summary: null }]);
    assert.deepEqual(sent[0]?.params, { command: 'codeeval.listProblems', arguments: [{ uri: 'file:///a.py' }] });
    await assert.rejects(api.showReport('file:///a.py'), ProtocolError);
    assert.deepEqual(sent[1]?.params, { command: 'codeeval.showReport', arguments: [{ uri: 'file:///a.py' }] });
  });
});

describe('requests on the wire', () => {
  // A real vscode-jsonrpc connection whose other end records each request as it arrives.
  async function paramsSent(call: (api: ServerApi) => Promise<unknown>): Promise<unknown> {
    const toServer = new PassThrough();
    const toClient = new PassThrough();
    const connection = createProtocolConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer));
    connection.listen();
    const serverReader = new StreamMessageReader(toServer);
    const serverWriter = new StreamMessageWriter(toClient);
    const seen = new Promise<unknown>((resolve) => {
      serverReader.listen((message) => {
        const request = message as unknown as { id: number; params: unknown };
        resolve(request.params);
        void serverWriter.write({ jsonrpc: '2.0', id: request.id, result: null } as never);
      });
    });
    const api = new ServerApi({ sendRequest: requestSender(connection), onProgress: () => ({ dispose: () => undefined }) });
    await call(api);
    const params = await seen;
    connection.dispose();
    serverReader.dispose();
    return params;
  }

  it('sends the params as one object when the caller has no cancellation token', async () => {
    const params = await paramsSent((api) => api.showReport('file:///a.py'));
    assert.deepEqual(params, { command: 'codeeval.showReport', arguments: [{ uri: 'file:///a.py' }] });
  });

  it('sends the params as one object with a token too', async () => {
    const params = await paramsSent((api) => api.lastResult('file:///a.py', new CancellationTokenSource().token));
    assert.deepEqual(params, { command: 'codeeval.lastResult', arguments: [{ uri: 'file:///a.py' }] });
  });
});
