// Fixed ports of the server suites, shifted by TEST_PORT_OFFSET so that two checkouts
// (worktrees) can run their suites side by side on one machine without colliding.
export const PORT_OFFSET = Number(process.env.TEST_PORT_OFFSET ?? 0) || 0;

export function testPort(base: number): number {
  return base + PORT_OFFSET;
}
