/** A bucket list as the page holds it: saved ones come from the server, drafts live only here until saved. */
export interface SavedItem {
  readonly id: string
  readonly activity: string
  readonly location: string
  readonly target_date: string | null
  readonly is_checked: boolean
}

export interface SavedList {
  readonly id: string
  readonly title: string
  readonly items: readonly SavedItem[]
}

export interface DraftRow {
  readonly key: number
  readonly activity: string
  readonly location: string
  readonly target_date: string
}

export interface Draft {
  readonly key: number
  readonly title: string
  readonly rows: readonly DraftRow[]
}

/** Today in the traveller's own time zone (a target date may not be before it). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}
