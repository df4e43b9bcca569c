// One rule for every percentage of something read (product spec §9: up to 2 decimals): read / total
// rounded down to hundredths of a percent, but never 0% once something is read and never 100% until
// all of it is, so a started book shows 0.01% and an almost finished one 99.99%.

/** The smallest step shown: 0.01%. */
const STEP = 10_000;

/** read / total as a fraction with at most four decimals (hundredths of a percent); 0 for total 0. */
export function shareOf(read: number, total: number): number {
  if (total <= 0 || read <= 0) return 0;
  const steps = Math.floor((read * STEP) / total);
  if (read < total) return Math.min(Math.max(steps, 1), STEP - 1) / STEP;
  return steps / STEP;
}
