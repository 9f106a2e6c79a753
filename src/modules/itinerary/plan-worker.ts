import { planCity, type CityPlanRequest, type PlannedDay } from './planner.ts'

/** Runs in a worker thread of the planner pool (planner-pool.ts): one destination's days, off the event loop. */
export default function plan(request: CityPlanRequest): PlannedDay[] {
  return planCity(request)
}
