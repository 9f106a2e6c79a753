/** A file name for a calendar download: the title's letters and digits ("Paris & Rome!" → "Paris-Rome.ics"). Browser-safe. */
export function calendarFileName(title: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 60)
  return `${base || 'itinerary'}.ics`
}
