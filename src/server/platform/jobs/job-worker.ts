import type { AppContext } from '../context';
import { type AnyJob, runDueJobs } from './job-queue';

type Log = { error(obj: object, msg: string): void };

export type JobWorker = {
  /** Looks for due jobs now instead of at the next poll. */
  wake(): void;
  /** Stops polling and waits for the job in hand to finish. */
  stop(): Promise<void>;
};

/** How often an idle worker looks for due jobs: a mail leaves within a quarter of a second. */
export const JOB_POLL_MS = 250;
/**
 * How often a worker offers the current slot of each recurring job (docs/decisions/0073): a slot
 * starts running within a minute, and the offer is one insert per recurring job.
 */
export const SCHEDULE_CHECK_MS = 60 * 1000;

/**
 * The queue's worker inside the app process (started by main.ts, never by buildApp, so API tests
 * run jobs only when they call runDueJobs). Each app process runs one; they share the queue, and
 * each offers the recurring jobs' slots once a minute (one row per slot whoever offers it).
 */
export function startJobWorker(
  ctx: AppContext,
  registry: readonly AnyJob[],
  log: Log,
  pollMs = JOB_POLL_MS,
): JobWorker {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let resume: (() => void) | null = null;
  let lastSchedule = 0;

  const pause = () =>
    new Promise<void>((resolve) => {
      resume = resolve;
      timer = setTimeout(resolve, pollMs);
    });

  const loop = async () => {
    while (!stopped) {
      let ran = 0;
      try {
        const schedule = Date.now() - lastSchedule >= SCHEDULE_CHECK_MS;
        if (schedule) lastSchedule = Date.now();
        ran = await runDueJobs(ctx, registry, { log, limit: 20, schedule });
      } catch (error) {
        // The database went away for a moment: try again at the next poll.
        log.error({ err: error }, 'job worker could not read the queue');
      }
      if (ran === 0 && !stopped) await pause();
    }
  };
  const running = loop();

  return {
    wake() {
      if (timer) clearTimeout(timer);
      resume?.();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      resume?.();
      await running;
    },
  };
}
