// Coalesces bursts of requests for one async task (the server restart):
// requests within `delayMs` of each other share one run, and requests made
// while a run is in progress share exactly one further run after it. A
// settings edit that changes three keys, or a user hammering "Restart
// Server", therefore restarts the server once (or twice), never in parallel.

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

interface Waiter {
  resolve(): void;
  reject(error: unknown): void;
}

export class Coalescer {
  private waiting: Waiter[] = [];
  private idleWaiters: (() => void)[] = [];
  private timer: unknown;
  private running = false;
  private disposed = false;

  constructor(
    private readonly task: () => Promise<void>,
    private readonly delayMs: number,
    private readonly timers: Timers = realTimers,
  ) {}

  /** Resolves when a run that started after this call has finished. */
  trigger(): Promise<void> {
    if (this.disposed) {
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      if (this.timer === undefined && !this.running) {
        this.schedule();
      }
    });
  }

  /** True while a run is scheduled or in progress. */
  get busy(): boolean {
    return this.running || this.timer !== undefined;
  }

  /** Resolves once no run is scheduled or in progress, without asking for one. */
  idle(): Promise<void> {
    if (!this.busy) {
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  /** Drops a scheduled run; its waiters resolve without it. */
  dispose(): void {
    this.disposed = true;
    if (this.timer !== undefined) {
      this.timers.clearTimeout(this.timer);
      this.timer = undefined;
    }
    const waiters = this.waiting;
    this.waiting = [];
    waiters.forEach((w) => w.resolve());
    if (!this.running) {
      const idle = this.idleWaiters;
      this.idleWaiters = [];
      idle.forEach((resolve) => resolve());
    }
  }

  private schedule(): void {
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined;
      void this.run();
    }, this.delayMs);
  }

  private async run(): Promise<void> {
    const batch = this.waiting;
    this.waiting = [];
    this.running = true;
    try {
      await this.task();
      batch.forEach((w) => w.resolve());
    } catch (error) {
      batch.forEach((w) => w.reject(error));
    } finally {
      this.running = false;
      if (this.waiting.length > 0 && !this.disposed) {
        this.schedule();
      } else {
        const idle = this.idleWaiters;
        this.idleWaiters = [];
        idle.forEach((resolve) => resolve());
      }
    }
  }
}
