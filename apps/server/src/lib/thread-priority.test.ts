import { getPriority } from 'node:os';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { lowerThisThreadPriority } from './thread-priority.ts';

describe.skipIf(process.platform !== 'linux')('lowerThisThreadPriority', () => {
  it('lowers a worker thread alone, never the process serving requests', async () => {
    const before = getPriority(process.pid);
    // On the main thread: nothing.
    lowerThisThreadPriority();
    expect(getPriority(process.pid)).toBe(before);
    const url = new URL('./thread-priority.ts', import.meta.url).href;
    const tsx = import.meta.resolve('tsx/esm/api');
    // The worker reports its thread's priority after lowering it (tsx's loader registered first, as the index workers do).
    const worker = new Worker(
      `import(${JSON.stringify(tsx)}).then(async (t) => { t.register(); const m = await import(${JSON.stringify(url)}); m.lowerThisThreadPriority();
        const fs = await import('node:fs'); const os = await import('node:os'); const { parentPort } = await import('node:worker_threads');
        parentPort.postMessage(os.getPriority(Number(fs.readlinkSync('/proc/thread-self').split('/').pop()))); })`,
      { eval: true },
    );
    const priority = await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    expect(priority).toBe(19);
    expect(getPriority(process.pid)).toBe(before);
  }, 30_000);
});
