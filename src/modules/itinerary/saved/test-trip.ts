import type { authHarness } from '../../auth/test-support.ts'
import { importCatalogLines } from '../../places/import/importer.ts'
import { handleGenerate } from '../planner/http.ts'
import { catalogLines } from '../planner/test-catalog.ts'

/** The test catalog imported and a 5-day Paris + Rome trip generated from it, as the save tests start. */
export async function generatedParisRome(h: Awaited<ReturnType<typeof authHarness>>) {
  await importCatalogLines(h.db, catalogLines())
  const answer = await h.call(handleGenerate, '/api/itinerary/generate', {
    body: {
      origin_city: 'London',
      destinations: ['Paris', 'Rome'],
      trip_types: ['cultural-historical'],
      pace: 'moderate',
      start_date: '2026-12-01',
      end_date: '2026-12-05',
    },
  })
  return answer.body.itinerary
}
