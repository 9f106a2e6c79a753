import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import styles from './activity-chart.module.css'
import tables from './tables.module.css'

interface Props {
  /** Accessible name of the chart and caption of its table. */
  readonly title: string
  readonly labels: readonly string[]
  /** Shorter labels for the axis (the table keeps `labels`). */
  readonly axisLabels?: readonly string[]
  readonly values: readonly number[]
  /** The column header of the table's first column ("Day", "Month"). */
  readonly unit: string
  /** A bar or a table row was chosen. */
  readonly onSelect: (index: number) => void
  readonly selected: number | null
}

const PRIMARY = '#0d6b6b'
const SELECTED = '#e0945f'

/**
 * A bar chart of active users (uPlot, canvas) with a table of the same numbers for screen readers and
 * keyboards. Clicking a bar, or a row's button, selects that period.
 */
export function ActivityChart({ title, labels, axisLabels = labels, values, unit, onSelect, selected }: Props) {
  const box = useRef<HTMLDivElement>(null)
  const onSelectRef = useRef(onSelect)
  onSelectRef.current = onSelect

  useEffect(() => {
    const element = box.current
    if (!element) return
    const xs = labels.map((_, i) => i)
    const chart = new uPlot(
      {
        width: element.clientWidth || 600,
        height: 220,
        legend: { show: false },
        cursor: { drag: { x: false, y: false }, points: { show: false } },
        scales: { x: { time: false, range: [-0.6, labels.length - 0.4] }, y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.15))] } },
        axes: [
          {
            values: (_u, splits) => splits.map((i) => axisLabels[i] ?? ''),
            space: 48,
            grid: { show: false },
            stroke: '#4b5a63',
          },
          { stroke: '#4b5a63', grid: { stroke: '#ddd6ca' }, size: 48, values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? String(v) : '')) },
        ],
        series: [
          {},
          {
            label: 'Active users',
            fill: PRIMARY,
            stroke: PRIMARY,
            paths: uPlot.paths.bars!({ size: [0.7, 40] }),
            points: { show: false },
          },
        ],
      },
      [xs, [...values]],
      element,
    )
    const click = () => {
      const index = chart.cursor.idx
      if (index !== null && index !== undefined) onSelectRef.current(index)
    }
    chart.over.addEventListener('click', click)
    chart.over.style.cursor = 'pointer'
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: 220 }))
    resize.observe(element)
    return () => {
      resize.disconnect()
      chart.destroy()
    }
  }, [labels, axisLabels, values])

  return (
    <figure className={styles.chart}>
      <figcaption className={styles.title}>{title}</figcaption>
      <div ref={box} className={styles.plot} role="img" aria-label={`${title}: bar chart; the same numbers are in the table below`} />
      {selected !== null && (
        <p className="muted text-sm" aria-hidden="true">
          Selected: <strong style={{ color: SELECTED }}>{labels[selected]}</strong>
        </p>
      )}
      <details className={styles.table}>
        <summary>Show the numbers as a table</summary>
        <table className={tables.table}>
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{unit}</th>
              <th scope="col">Active users</th>
              <th scope="col">
                <span className="visually-hidden">Look up</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {labels.map((label, i) => (
              <tr key={label} className={selected === i ? tables.selected : undefined}>
                <th scope="row">{label}</th>
                <td>{values[i]}</td>
                <td>
                  <button type="button" className={tables.linkButton} onClick={() => onSelect(i)}>
                    Show {label}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  )
}
