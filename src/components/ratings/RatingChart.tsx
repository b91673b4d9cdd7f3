/**
 * A rating history as an SVG line chart: the rating after each rated match,
 * with a shaded band of ± its uncertainty. Plain SVG, rendered on the server.
 */
export interface RatingPoint {
  readonly rating: number;
  readonly uncertainty: number;
}

const W = 320;
const H = 120;
const PAD = 6;

export function RatingChart({ points, label, testId }: { points: readonly RatingPoint[]; label: string; testId?: string }) {
  const lo = Math.min(...points.map((p) => p.rating - p.uncertainty));
  const hi = Math.max(...points.map((p) => p.rating + p.uncertainty));
  const span = Math.max(1, hi - lo);
  const x = (i: number) => PAD + (points.length < 2 ? (W - 2 * PAD) / 2 : (i * (W - 2 * PAD)) / (points.length - 1));
  const y = (v: number) => PAD + ((hi - v) * (H - 2 * PAD)) / span;
  const line = points.map((p, i) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(" ");
  const band = [
    ...points.map((p, i) => `${x(i).toFixed(1)},${y(p.rating + p.uncertainty).toFixed(1)}`),
    ...points.map((p, i) => `${x(i).toFixed(1)},${y(p.rating - p.uncertainty).toFixed(1)}`).reverse(),
  ].join(" ");
  return (
    <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={label} data-testid={testId} data-points={points.length} style={{ maxWidth: W }}>
      <title>{label}</title>
      <polygon points={band} fill="currentColor" opacity={0.12} />
      <polyline points={line} fill="none" stroke="currentColor" strokeWidth={2} />
      {points.map((p, i) => (
        <circle key={i} cx={x(i)} cy={y(p.rating)} r={2.5} fill="currentColor">
          <title>{`${p.rating} ± ${p.uncertainty}`}</title>
        </circle>
      ))}
    </svg>
  );
}
