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
