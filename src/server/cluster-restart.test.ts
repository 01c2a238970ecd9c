import { describe, expect, it } from 'vitest';
import { nextRestart, RESTART_POLICY, type RestartState } from './cluster-restart';

describe('restarting a cluster process that ended', () => {
  it('starts another at once after a process that had run a while', () => {
    expect(nextRestart({ quickDeaths: 0 }, 60_000)).toEqual({ delayMs: 0, state: { quickDeaths: 0 } });
    expect(nextRestart({ quickDeaths: 5 }, RESTART_POLICY.healthyAfterMs)).toEqual({
      delayMs: 0,
      state: { quickDeaths: 0 },
    });
  });

  it.each([
    [0, 500],
    [1, 1_000],
    [2, 2_000],
    [5, 16_000],
    [6, 30_000],
    [20, 30_000],
  ])('after %i quick deaths in a row, waits %i ms for the next one', (before, delay) => {
    expect(nextRestart({ quickDeaths: before }, 1_200)).toEqual({
      delayMs: delay,
      state: { quickDeaths: before + 1 },
    });
  });

  it('never waits longer than the policy allows, however many deaths', () => {
    let state: RestartState = { quickDeaths: 0 };
    const delays: number[] = [];
    for (let i = 0; i < 40; i++) {
      const next = nextRestart(state, 0);
      delays.push(next.delayMs);
      state = next.state;
    }
    expect(Math.max(...delays)).toBe(RESTART_POLICY.maxDelayMs);
    expect(delays).toEqual([...delays].sort((a, b) => a - b));
  });
});
