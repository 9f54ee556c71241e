/** 24 hourly values as a tiny SVG line; a missing hour breaks the line. */
export function Sparkline({ values, label }: { values: readonly (number | null)[]; label: string }) {
  const W = 56;
  const H = 16;
  const nums = values.filter((v): v is number => v !== null);
  if (nums.length === 0) return null;
  const min = Math.min(...nums);
  const max = Math.max(...nums);
  const span = max - min || 1;
  const x = (i: number) => (i / Math.max(1, values.length - 1)) * W;
  const y = (v: number) => H - 1 - ((v - min) / span) * (H - 2);
  const runs: string[] = [];
  let run: string[] = [];
  values.forEach((v, i) => {
    if (v === null) {
      if (run.length) runs.push(run.join(' '));
      run = [];
    } else run.push(`${x(i).toFixed(1)},${y(v).toFixed(1)}`);
  });
  if (run.length) runs.push(run.join(' '));
  return (
    <svg width={W} height={H} role="img" aria-label={label} className="st-spark">
      {runs.map((points) =>
        points.includes(' ') ? (
          <polyline key={points} points={points} fill="none" stroke="currentColor" strokeWidth={1.2} />
        ) : (
          <circle
            key={points}
            cx={points.split(',')[0]}
            cy={points.split(',')[1]}
            r={1.2}
            fill="currentColor"
          />
        ),
      )}
    </svg>
  );
}
