/** Roam Share writes dates one way: "24 November 2026" (and "Tuesday, 24 November 2026" for a day heading). */
const LOCALE = 'en-GB'

export const postDate = (iso: string) => new Date(iso).toLocaleDateString(LOCALE, { day: 'numeric', month: 'long', year: 'numeric' })

export const longDay = (date: Date) => date.toLocaleDateString(LOCALE, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
