import { readlinkSync } from 'node:fs';
import { constants, setPriority } from 'node:os';
import { isMainThread } from 'node:worker_threads';

/**
 * Lowers the CPU priority of the calling worker thread (an index build) below the request-serving main thread: on
 * a machine of few cores, a build running beside the requests made searches several times slower. On Linux a
 * thread's id (/proc/thread-self) given to setpriority lowers that thread alone; elsewhere nothing changes.
 */
export function lowerThisThreadPriority(): void {
  if (isMainThread) return;
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (tid > 0 && tid !== process.pid) setPriority(tid, constants.priority.PRIORITY_LOW);
  } catch {
    // Not Linux, or not permitted: the build runs at the process's priority, as before.
  }
}
