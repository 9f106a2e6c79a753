import { calendarFileName } from '../../modules/itinerary/planner/calendar-name.ts'
import { freshAccessToken } from '../session/store.ts'
import { saveFile } from '../ui/save-file.ts'

export const CALENDAR_FAILED = 'The calendar file could not be made. Please try again.'

/** Downloads the .ics of a saved itinerary (Bearer; the browser saves it as a file). */
export async function downloadCalendar(savedId: string, title: string): Promise<void> {
  const token = await freshAccessToken()
  const response = await fetch(`/api/saved-itineraries/${encodeURIComponent(savedId)}/calendar`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    credentials: 'include',
  })
  if (!response.ok) throw new Error(`calendar answered ${response.status}`)
  saveFile(await response.blob(), calendarFileName(title))
}
