/** One benchmark figure, always next to the limit it is judged against. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** What the value is compared with, measured in the same run where it is a reference. */
  limit: { description: string; value: number; unit: string };
  /** "higher" when a bigger value is better. */
  better: 'higher' | 'lower';
  met: boolean;
  /** Shown for comparison with a target, not itself one: the report gives no verdict. */
  comparison?: boolean;
  notes?: string;
}

export interface BenchmarkResult {
  benchmark: string;
  parameters: Record<string, number | string>;
  figures: Figure[];
  /** Raw measurements behind the figures. */
  measurements: Record<string, number>;
  /** When this benchmark last ran (results of benchmarks not re-run are kept). */
  ranAt?: string;
}

export function figure(
  name: string,
  value: number,
  unit: string,
  limit: Figure['limit'],
  better: Figure['better'],
  notes?: string,
): Figure {
  const met = better === 'higher' ? value >= limit.value : value <= limit.value;
  return { name, value: round(value), unit, limit: { ...limit, value: round(limit.value) }, better, met, ...(notes ? { notes } : {}) };
}

/** The same figure, marked as a comparison rather than a target. */
export const forComparison = (figure: Figure): Figure => ({ ...figure, comparison: true });

export const round = (value: number): number => (Math.abs(value) >= 100 ? Math.round(value) : Math.round(value * 100) / 100);

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
