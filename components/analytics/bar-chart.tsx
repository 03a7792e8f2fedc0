'use client';
// A bar chart as real SVG (visx scales and bars; renders the same on the server), scaled to its
// container by its viewBox, with the value of a bar shown on hover and on keyboard focus, and a
// table of the same figures for screen readers.
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { useEffect, useRef, useState } from 'react';

/** `note`: more about the bar, shown with its figure (e.g. the unique viewers of a day's visits). */
export type BarDatum = { key: string; label: string; value: number; note?: string };

const DEFAULT_WIDTH = 720;
const H = 240;
const M = { top: 16, right: 12, bottom: 32, left: 52 };

/** The container's width in CSS pixels (the server renders at the default width). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const ro = new ResizeObserver(([e]) => e && setWidth(Math.max(240, Math.round(e.contentRect.width))));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return { ref, width };
}

export function BarChart({
  data,
  title,
  valueLabel,
  format,
  testId,
  integer = false,
}: {
  data: BarDatum[];
  title: string;
  valueLabel: string;
  format: (v: number) => string;
  testId?: string;
  /** Counts: only whole-number ticks. */
  integer?: boolean;
}) {
  const [active, setActive] = useState<number | null>(null);
  const { ref, width: W } = useWidth();
  const x = scaleBand({ domain: data.map((d) => d.key), range: [0, W - M.left - M.right], padding: 0.2 });
  const max = Math.max(1, ...data.map((d) => d.value));
  const y = scaleLinear({ domain: [0, max], range: [H - M.top - M.bottom, 0], nice: true });
  // A few bars keep a bar's width instead of stretching across the card.
  const bw = Math.min(x.bandwidth(), 56);
  const every = Math.max(1, Math.ceil(data.length / Math.max(2, Math.floor((W - M.left) / 56))));
  const ticks = y.ticks(4).filter((t) => !integer || Number.isInteger(t));
  const shown = active !== null ? data[active] : null;
  return (
    <figure className="m-0" data-testid={testId} ref={ref}>
      <div className="mb-2 h-5 text-sm text-zinc-600" aria-live="polite">
        {shown ? (
          <span>
            <span className="font-medium text-zinc-900">{shown.label}</span>: {format(shown.value)}
            {shown.note && <span className="text-zinc-500"> · {shown.note}</span>}
          </span>
        ) : (
          <span className="text-zinc-400">Hover or focus a bar for its figure</span>
        )}
      </div>
      <svg width={W} height={H} viewBox={`0 0 ${W} ${H}`} className="block max-w-full" role="img" aria-label={title}>
        <Group left={M.left} top={M.top}>
          {ticks.map((t) => (
            <line key={t} x1={0} x2={W - M.left - M.right} y1={y(t)} y2={y(t)} stroke="#f4f4f5" />
          ))}
          {data.map((d, i) => {
            const h = H - M.top - M.bottom - (y(d.value) ?? 0);
            return (
              <Bar
                key={d.key}
                x={(x(d.key) ?? 0) + (x.bandwidth() - bw) / 2}
                y={y(d.value)}
                width={bw}
                height={Math.max(d.value > 0 ? 1 : 0, h)}
                rx={2}
                tabIndex={0}
                aria-label={`${d.label}: ${format(d.value)}${d.note ? `, ${d.note}` : ''}`}
                data-value={d.value}
                className={i === active ? 'fill-brand-700 outline-none' : 'fill-brand-500 outline-none'}
                onMouseEnter={() => setActive(i)}
                onMouseLeave={() => setActive(null)}
                onFocus={() => setActive(i)}
                onBlur={() => setActive(null)}
              >
                <title>{`${d.label}: ${format(d.value)}${d.note ? `, ${d.note}` : ''}`}</title>
              </Bar>
            );
          })}
          <AxisLeft scale={y} tickValues={ticks} tickFormat={(v) => format(Number(v))} stroke="#d4d4d8" tickStroke="#d4d4d8" tickLabelProps={{ fill: '#71717a', fontSize: 11, textAnchor: 'end', dx: -4, dy: 3 }} />
          <AxisBottom
            top={H - M.top - M.bottom}
            scale={x}
            tickValues={data.filter((_, i) => i % every === 0).map((d) => d.key)}
            tickFormat={(k) => data.find((d) => d.key === k)?.key ?? ''}
            stroke="#d4d4d8"
            tickStroke="#d4d4d8"
            tickLabelProps={{ fill: '#71717a', fontSize: 11, textAnchor: 'middle' }}
          />
        </Group>
      </svg>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">{valueLabel}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={d.key}>
              <th scope="row">{d.label}</th>
              <td>
                {format(d.value)}
                {d.note ? `, ${d.note}` : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
