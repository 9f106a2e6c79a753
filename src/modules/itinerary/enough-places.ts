/**
 * When a destination has enough places to plan: at least three for every day spent there. City
 * suggestions carry the count (`places`), so the trip form can say so before generating; the generation
 * endpoint refuses fewer with "not enough attractions". Pure; the browser may import it.
 */
export const MIN_PLACES_PER_DAY = 3

export const placesNeeded = (days: number): number => days * MIN_PLACES_PER_DAY

export const hasEnoughPlaces = (places: number, days: number): boolean => places >= placesNeeded(days)

/** The most days a destination with this many places can be given. */
export const daysPossible = (places: number): number => Math.floor(places / MIN_PLACES_PER_DAY)
