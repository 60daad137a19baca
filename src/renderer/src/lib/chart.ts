/** Geometry for the small metrics chart: points placed by time and value, in SVG coordinates. */

export interface ChartPoint {
  x: number;
  y: number;
  value: number;
  time: string;
}

export interface Sparkline {
  points: ChartPoint[];
  /** An SVG path through the points ('' when there are none). */
  path: string;
  min: number;
  max: number;
}

export interface ChartBox {
  width: number;
  height: number;
  padding: number;
}

/**
 * Places snapshots (time, value; null values skipped) in a box: x by time (evenly when the
 * times are equal or unreadable), y by value with the largest at the top.
 */
export function sparkline(samples: readonly { time: string; value: number | null }[], box: ChartBox): Sparkline {
  const known = samples.filter((s): s is { time: string; value: number } => s.value !== null && Number.isFinite(s.value));
  if (known.length === 0) return { points: [], path: '', min: 0, max: 0 };
  const times = known.map((s) => Date.parse(s.time));
  const byTime = times.every((t) => Number.isFinite(t)) && Math.max(...times) > Math.min(...times);
  const t0 = Math.min(...times);
  const t1 = Math.max(...times);
  const values = known.map((s) => s.value);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const innerW = box.width - 2 * box.padding;
  const innerH = box.height - 2 * box.padding;
  const points = known.map((s, i) => {
    const fx = byTime ? (times[i]! - t0) / (t1 - t0) : known.length === 1 ? 0.5 : i / (known.length - 1);
    const fy = max === min ? 0.5 : (s.value - min) / (max - min);
    return {
      x: round(box.padding + fx * innerW),
      y: round(box.padding + (1 - fy) * innerH),
      value: s.value,
      time: s.time,
    };
  });
  const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x} ${p.y}`).join(' ');
  return { points, path, min, max };
}

const round = (n: number): number => Math.round(n * 10) / 10;
