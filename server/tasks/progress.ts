/**
 * How a task's progress is measured and shown: one computation for the console
 * (server/tasks/runner.ts, server/routes/tasks/service.ts) and the `atrium import` command
 * (server/import/command.ts).
 */
import { MSG } from '../../common/messages.js';

/** Rows per second of `done` rows since `startedAt` (ms since the epoch) until `at`; 0 for no rows. */
export function rateSince(done: number, startedAt: number, at = Date.now()): number {
  return done / Math.max(0.001, (at - startedAt) / 1000);
}

/** The rate rounded to whole rows per second, and the seconds left at that rate (null when unknown or done). */
export function estimate(done: number, total: number, rate: number): { ratePerSecond: number; secondsLeft: number | null } {
  return { ratePerSecond: Math.round(rate), secondsLeft: rate > 0 && total > done ? Math.ceil((total - done) / rate) : null };
}

/**
 * The progress as one line of text, as the console shows it under its bar:
 * `12,000 / 60,000 · 3,057 行/秒 · 约 16 秒` (the time left only when it is known).
 */
export function progressText(done: number, total: number, rate: number): string {
  const e = estimate(done, total, rate);
  return MSG.taskProgressText(done, total, e.ratePerSecond, e.secondsLeft);
}
