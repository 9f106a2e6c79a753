import { useMemo, useState } from 'react'
import { api } from '../session/api.ts'
import { Button } from '../ui/Button.tsx'
import { Form } from '../ui/Form.tsx'
import { FormField } from '../ui/FormField.tsx'
import { Loaded } from '../ui/Loaded.tsx'
import { useLoad } from '../ui/use-load.ts'
import { ActivityChart } from './ActivityChart.tsx'
import styles from './dashboard-tab.module.css'
import { count, longDay, longMonth, shortDay, shortMonth, utcToday } from './format.ts'
import type { ActivitySeries, DashboardStats } from './types.ts'

const CARDS: readonly { key: keyof DashboardStats; label: string }[] = [
  { key: 'totalUsers', label: 'Total users' },
  { key: 'activeUsersToday', label: 'Active today' },
  { key: 'activeUsersThisWeek', label: 'Active this week' },
  { key: 'activeUsersThisMonth', label: 'Active this month' },
  { key: 'bannedUsersCount', label: 'Banned users' },
  { key: 'totalPosts', label: 'Total posts' },
  { key: 'reportedPostsCount', label: 'Reported posts' },
]

type Lookup = { kind: 'date'; value: string } | { kind: 'month'; value: string }

/** Stats, the active-user charts, and the active users of any day or month. */
export function DashboardTab() {
  const load = useLoad(
    () => Promise.all([api<DashboardStats>('/api/admin/dashboard', { auth: true }), api<ActivitySeries>('/api/admin/dashboard/charts', { auth: true })]),
    [],
  )
  const series = load.data?.[1]
  const [date, setDate] = useState('')
  const [month, setMonth] = useState('')
  const [result, setResult] = useState<{ lookup: Lookup; activeUsers: number } | null>(null)
  const [looking, setLooking] = useState(false)

  const daily = useMemo(() => ({ labels: series?.daily.map((d) => shortDay(d.date)) ?? [], values: series?.daily.map((d) => d.activeUsers) ?? [] }), [series])
  const monthly = useMemo(
    () => ({
      labels: series?.monthly.map((m) => shortMonth(m.month)) ?? [],
      axisLabels: series?.monthly.map((m) => shortMonth(m.month).split(' ')[0]!) ?? [],
      values: series?.monthly.map((m) => m.activeUsers) ?? [],
    }),
    [series],
  )

  async function lookUp(lookup: Lookup) {
    if (lookup.kind === 'date') setDate(lookup.value)
    else setMonth(lookup.value)
    setLooking(true)
    try {
      const answer = await api<{ activeUsers: number }>(`/api/admin/dashboard/active-users?${lookup.kind}=${encodeURIComponent(lookup.value)}`, { auth: true })
      setResult({ lookup, activeUsers: answer.activeUsers })
    } catch (failure) {
      console.error(failure)
      setResult(null)
    } finally {
      setLooking(false)
    }
  }

  return (
    <Loaded load={load} loading="Loading statistics…">
      {([stats, series]) => {
        const selectedDay = result?.lookup.kind === 'date' ? series.daily.findIndex((d) => d.date === result.lookup.value) : -1
        const selectedMonth = result?.lookup.kind === 'month' ? series.monthly.findIndex((m) => m.month === result.lookup.value) : -1

        return (
          <div className="stack stack--lg">
            <ul className={styles.statCards} aria-label="Statistics">
              {CARDS.map((card) => (
                <li key={card.key} className={`card card--flat ${styles.statCard}`}>
                  <span className={styles.statValue}>{count(stats[card.key] ?? 0)}</span>
                  <span className={styles.statLabel}>{card.label}</span>
                </li>
              ))}
            </ul>

            <section className="card stack" aria-labelledby="active-lookup">
              <h2 id="active-lookup" className={styles.sectionTitle}>
                Active users on a day or in a month
              </h2>
              <p className="muted text-sm">Days and months are counted in UTC. Click a bar in a chart to look it up.</p>
              <div className={styles.lookupForms}>
                <Form
                  className={styles.lookupForm}
                  onSubmit={(event) => {
                    event.preventDefault()
                    if (date) void lookUp({ kind: 'date', value: date })
                  }}
                >
                  <FormField label="Date" type="date" max={utcToday()} value={date} onChange={(event) => setDate(event.target.value)} />
                  <Button type="submit" disabled={!date}>
                    Look up day
                  </Button>
                </Form>
                <Form
                  className={styles.lookupForm}
                  onSubmit={(event) => {
                    event.preventDefault()
                    if (month) void lookUp({ kind: 'month', value: month })
                  }}
                >
                  <FormField label="Month" type="month" max={utcToday().slice(0, 7)} value={month} onChange={(event) => setMonth(event.target.value)} />
                  <Button type="submit" disabled={!month}>
                    Look up month
                  </Button>
                </Form>
              </div>
              <p role="status" className={styles.lookupResult}>
                {looking
                  ? 'Looking up…'
                  : result &&
                    `Active users ${result.lookup.kind === 'date' ? `on ${longDay(result.lookup.value)}` : `in ${longMonth(result.lookup.value)}`}: ${count(result.activeUsers)}`}
              </p>
            </section>

            <div className={styles.chartGrid}>
              <section className="card">
                <ActivityChart
                  title="Daily active users, last 30 days"
                  unit="Day"
                  labels={daily.labels}
                  values={daily.values}
                  selected={selectedDay >= 0 ? selectedDay : null}
                  onSelect={(i) => void lookUp({ kind: 'date', value: series.daily[i]!.date })}
                />
              </section>
              <section className="card">
                <ActivityChart
                  title="Monthly active users, last 12 months"
                  unit="Month"
                  labels={monthly.labels}
                  axisLabels={monthly.axisLabels}
                  values={monthly.values}
                  selected={selectedMonth >= 0 ? selectedMonth : null}
                  onSelect={(i) => void lookUp({ kind: 'month', value: series.monthly[i]!.month })}
                />
              </section>
            </div>
          </div>
        )
      }}
    </Loaded>
  )
}
