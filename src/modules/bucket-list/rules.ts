/**
 * Bucket list rules the page and the server share: limits, the checks on a new list, and how a saved
 * item reads as a sentence. Pure and dependency-free, so the island imports it.
 */

export const TITLE_MAX = 100
export const ACTIVITY_MAX = 200
export const LOCATION_MAX = 100
export const ITEMS_MAX = 50

export interface ItemInput {
  readonly activity?: string | undefined
  readonly location?: string | undefined
  readonly target_date?: string | null | undefined
  readonly is_checked?: boolean | undefined
}

export interface CleanItem {
  readonly activity: string
  readonly location: string
  readonly targetDate: string | null
  readonly checked: boolean
}

const DATE = /^\d{4}-\d{2}-\d{2}$/

const isRealDate = (text: string) => DATE.test(text) && new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text

const blank = (item: ItemInput) => !item.activity?.trim() && !item.location?.trim() && !item.target_date?.trim()

/**
 * Checks a new list: a title, at least one activity, every filled row with an activity, target dates
 * from `earliestDate` (today) on. Rows left completely empty are dropped. Returns the first problem as
 * the form shows it, or the clean list.
 */
export function validateBucketList(
  input: { readonly title?: string | undefined; readonly items?: readonly ItemInput[] | undefined },
  earliestDate: string,
): { ok: true; title: string; items: CleanItem[] } | { ok: false; message: string } {
  const fail = (message: string) => ({ ok: false as const, message })
  const title = (input.title ?? '').trim()
  if (title === '') return fail('Please give your bucket list a title.')
  if (title.length > TITLE_MAX) return fail(`Please keep the title under ${TITLE_MAX} characters.`)
  const rows = (input.items ?? []).filter((item) => !blank(item))
  if (rows.length === 0) return fail('Add at least one activity.')
  if (rows.length > ITEMS_MAX) return fail(`A bucket list holds up to ${ITEMS_MAX} items.`)
  const items: CleanItem[] = []
  for (const row of rows) {
    const activity = (row.activity ?? '').trim()
    const location = (row.location ?? '').trim()
    const targetDate = (row.target_date ?? '').trim()
    if (activity === '') return fail('Every item needs an activity.')
    if (activity.length > ACTIVITY_MAX) return fail(`Please keep each activity under ${ACTIVITY_MAX} characters.`)
    if (location.length > LOCATION_MAX) return fail(`Please keep each location under ${LOCATION_MAX} characters.`)
    if (targetDate !== '' && !isRealDate(targetDate)) return fail('Please enter a valid target date.')
    if (targetDate !== '' && targetDate < earliestDate) return fail('Target dates cannot be in the past.')
    items.push({ activity, location, targetDate: targetDate || null, checked: row.is_checked === true })
  }
  return { ok: true, title, items }
}

/** "Hike the Inca Trail in Cusco by 12 August 2026": how a saved item reads. */
export function itemSentence(item: { readonly activity: string; readonly location: string; readonly target_date: string | null }): string {
  const where = item.location ? ` in ${item.location}` : ''
  const when = item.target_date ? ` by ${longDate(item.target_date)}` : ''
  return `${item.activity}${where}${when}`
}

export function longDate(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`)
  return Number.isNaN(parsed.getTime()) ? date : parsed.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
}
