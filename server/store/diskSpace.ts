// Free space on the disk holding a file (for DISK_RESERVE_MB, server/rooms/base/diskReserve.ts).

import fs from "node:fs";

/** Bytes an unprivileged process may still write in `dir`'s file system (null if it cannot be read). */
export function freeBytesAt(dir: string): number | null {
  try {
    const s = fs.statfsSync(dir);
    return s.bavail * s.bsize;
  } catch {
    return null;
  }
}
