// PGlite has no cross-process lock: two servers on one DATA_DIR would corrupt it. We take DATA_DIR/server.lock
// (exclusive create, holding our PID); a lock whose PID is no longer alive is stale and taken over.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class LockError extends Error {
  override name = 'LockError';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock or throws LockError. Returns a release function (idempotent). */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file, { force: true });
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let pid = Number.NaN;
      try {
        pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
      } catch {
        // vanished between our create and read: try again
      }
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new LockError(
          `Another Forecourt Pay server (PID ${pid}) is using the data directory ${dataDir}; stop it first or set another DATA_DIR.`,
        );
      }
      rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new LockError(`Could not take the lock ${file}.`);
}
