/** A file name for a trip's download: the title's letters and digits ("Paris & Rome!" → "Paris-Rome.ics"). Browser-safe. */
export function tripFileName(title: string, extension: 'ics' | 'gpx' | 'kml'): string {
  const base = title
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 60)
  return `${base || 'itinerary'}.${extension}`
}

/** The calendar file's name. */
export const calendarFileName = (title: string) => tripFileName(title, 'ics')

const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' })

/**
 * The name the save prompt proposes: the cities and the month the trip starts ("Lisbon & Porto, January
 * 2027", "Paris, Lyon & Nice, May 2027"); the cities alone when the trip has no dates.
 */
export function proposedTripName(cities: readonly string[], startDate?: string | null): string {
  const names = cities.length > 1 ? `${cities.slice(0, -1).join(', ')} & ${cities.at(-1)}` : (cities[0] ?? 'My trip')
  const start = startDate && /^\d{4}-\d{2}-\d{2}/.test(startDate) ? new Date(`${startDate.slice(0, 10)}T00:00:00Z`) : undefined
  return start && !Number.isNaN(start.getTime()) ? `${names}, ${MONTH.format(start)}` : names
}
