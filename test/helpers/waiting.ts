// What a test is waiting for, said when it times out: helpers that wait register a label for
// the length of the wait, and test/helpers/hookTimeouts.cjs adds the labels still pending to
// mocha's timeout error ("Still waiting for: a private room").

const pending: Map<string, number> = ((globalThis as { __testWaits?: Map<string, number> }).__testWaits ??= new Map());

/** Runs `wait` with `what` registered as pending until it settles. */
export async function waitingFor<T>(what: string, wait: () => Promise<T>): Promise<T> {
  pending.set(what, (pending.get(what) ?? 0) + 1);
  try {
    return await wait();
  } finally {
    const n = (pending.get(what) ?? 1) - 1;
    if (n > 0) pending.set(what, n);
    else pending.delete(what);
  }
}
