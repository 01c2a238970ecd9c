/**
 * When a cluster process ends on its own (docs/decisions/0071), the primary starts another: at
 * once after a process that had run for a while, and later and later after processes that die
 * soon after they start (a bad deploy, a database that refuses connections), so a crash at boot
 * does not turn into a fork loop that eats the machine and floods the logs.
 */
export const RESTART_POLICY = {
  /** A process that ran at least this long ended by accident: start another at once. */
  healthyAfterMs: 10_000,
  /** The first delay after a quick death, doubled after each one in a row. */
  firstDelayMs: 500,
  /** The longest wait between two attempts. */
  maxDelayMs: 30_000,
} as const;

export type RestartState = { quickDeaths: number };

/**
 * How long to wait before starting a new process, given how long the one that ended had run, and
 * the state to keep for the next death.
 */
export function nextRestart(
  state: RestartState,
  ranForMs: number,
  policy: typeof RESTART_POLICY = RESTART_POLICY,
): { delayMs: number; state: RestartState } {
  if (ranForMs >= policy.healthyAfterMs) return { delayMs: 0, state: { quickDeaths: 0 } };
  const quickDeaths = state.quickDeaths + 1;
  const delayMs = Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** (quickDeaths - 1));
  return { delayMs, state: { quickDeaths } };
}
