/** Dates and numbers as the dashboard shows them (UTC days, the server's periods). */

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' })
const longDayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' })
const longMonthFormat = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' })
const timeFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' })

const utcDay = (day: string) => new Date(`${day}T00:00:00Z`)
const utcMonth = (month: string) => new Date(`${month}-01T00:00:00Z`)

export const shortDay = (day: string) => dayFormat.format(utcDay(day))
export const longDay = (day: string) => longDayFormat.format(utcDay(day))
export const shortMonth = (month: string) => monthFormat.format(utcMonth(month))
export const longMonth = (month: string) => longMonthFormat.format(utcMonth(month))
export const dateTime = (iso: string) => timeFormat.format(new Date(iso))
export const count = (value: number) => value.toLocaleString('en-GB')

/** Today in UTC, the day the server counts activity in. */
export const utcToday = () => new Date().toISOString().slice(0, 10)
