import * as assert from 'node:assert/strict';
import { Coalescer, Timers } from '../../src/coalesce';
import { deferred, Deferred, settle } from './helpers';

/** Timers that fire only when the test says so. */
class ManualTimers implements Timers {
  private pending = new Map<number, () => void>();
  private next = 0;
  setTimeout(callback: () => void): unknown {
    this.pending.set(++this.next, callback);
    return this.next;
  }
  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }
  get scheduled(): number {
    return this.pending.size;
  }
  fire(): void {
    const callbacks = [...this.pending.values()];
    this.pending.clear();
    callbacks.forEach((callback) => callback());
  }
}

describe('restart coalescing', () => {
  let timers: ManualTimers;
  let runs: Deferred<void>[];
  let coalescer: Coalescer;

  beforeEach(() => {
    timers = new ManualTimers();
    runs = [];
    coalescer = new Coalescer(
      () => {
        const run = deferred<void>();
        runs.push(run);
        return run.promise;
      },
      250,
      timers,
    );
  });

  it('runs once for a burst of requests, and every request waits for that run', async () => {
    const done: number[] = [];
    const requests = [1, 2, 3, 4, 5].map((n) => coalescer.trigger().then(() => done.push(n)));
    assert.equal(timers.scheduled, 1);
    timers.fire();
    await settle();
    assert.equal(runs.length, 1);
    assert.deepEqual(done, []);
    runs[0]?.resolve();
    await Promise.all(requests);
    assert.deepEqual(done, [1, 2, 3, 4, 5]);
    assert.equal(timers.scheduled, 0);
  });

  it('runs exactly once more for requests made while a run is in progress', async () => {
    const first = coalescer.trigger();
    timers.fire();
    await settle();
    const during = [coalescer.trigger(), coalescer.trigger(), coalescer.trigger()];
    assert.equal(timers.scheduled, 0, 'nothing runs in parallel with the current run');
    runs[0]?.resolve();
    await first;
    assert.equal(timers.scheduled, 1);
    timers.fire();
    await settle();
    assert.equal(runs.length, 2);
    runs[1]?.resolve();
    await Promise.all(during);
    assert.equal(runs.length, 2);
    assert.equal(coalescer.busy, false);
  });

  it('rejects only the requests of a failed run; the next run goes ahead', async () => {
    const failed = coalescer.trigger();
    timers.fire();
    await settle();
    const later = coalescer.trigger();
    runs[0]?.reject(new Error('boom'));
    await assert.rejects(failed, /boom/);
    timers.fire();
    await settle();
    runs[1]?.resolve();
    await later;
    assert.equal(runs.length, 2);
  });

  it('reports idleness without causing a run', async () => {
    await coalescer.idle();
    const request = coalescer.trigger();
    let idle = false;
    const waiting = coalescer.idle().then(() => (idle = true));
    timers.fire();
    await settle();
    assert.equal(idle, false, 'still running');
    runs[0]?.resolve();
    await Promise.all([request, waiting]);
    assert.equal(idle, true);
    assert.equal(runs.length, 1);
    assert.equal(timers.scheduled, 0);
  });

  it('drops a scheduled run on dispose', async () => {
    const request = coalescer.trigger();
    coalescer.dispose();
    await request;
    assert.equal(timers.scheduled, 0);
    assert.equal(runs.length, 0);
    await coalescer.trigger();
    assert.equal(runs.length, 0);
  });

  it('waits for the delay with real timers', async () => {
    let count = 0;
    const real = new Coalescer(async () => {
      count++;
    }, 20);
    const started = Date.now();
    await Promise.all([real.trigger(), real.trigger()]);
    assert.equal(count, 1);
    assert.ok(Date.now() - started >= 15);
  });
});
