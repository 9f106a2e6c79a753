import { itineraryCalendar, type CalendarInput } from './calendar.ts'
import { planCity, type CityPlanRequest, type DayPlan } from './plan-city.ts'

/** Runs in a worker thread of the planner pool (planner-pool.ts): one destination's days, off the event loop. */
export default function plan(request: CityPlanRequest): DayPlan[] {
  return planCity(request)
}

/** The .ics text of an itinerary (a long one is thousands of events), off the event loop too. */
export function calendar(input: CalendarInput): string | undefined {
  return itineraryCalendar(input)
}
