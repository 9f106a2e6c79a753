import { KIND_PROFILES, KINDS, formatClock } from '../places/domain.ts'

export const CITIES = {
  Paris: { id: '1250015082', country: 'FR', region: 'Île-de-France', lat: 48.8567, lon: 2.3522, places: 40 },
  Rome: { id: '1380382862', country: 'IT', region: 'Lazio', lat: 41.8931, lon: 12.4828, places: 30 },
  Rouen: { id: '1250372069', country: 'FR', region: 'Normandie', lat: 49.4428, lon: 1.0886, places: 2 },
}

/** A made-up catalog: places spread round each city centre, kinds in turn, popularity falling. */
export function catalogLines(): string[] {
  const lines: string[] = []
  for (const [city, info] of Object.entries(CITIES)) {
    for (let i = 0; i < info.places; i++) {
      const kind = KINDS[i % KINDS.length]!
      const profile = KIND_PROFILES[kind]
      lines.push(
        JSON.stringify({
          id: `test-${city}-${i}`,
          name: `${city} ${kind} ${i}`,
          names: { en: `${city} ${kind} ${i}` },
          city,
          city_id: info.id,
          country: info.country,
          region: info.region,
          lat: Number((info.lat + Math.sin(i) * 0.03).toFixed(5)),
          lon: Number((info.lon + Math.cos(i * 1.7) * 0.04).toFixed(5)),
          kind,
          themes: profile.themes,
          popularity: Number((1 - i / 50).toFixed(3)),
          unesco: false,
          visit_minutes: profile.visitMinutes,
          hours: { open: formatClock(profile.opensAt), close: profile.closesAt === 1440 ? '23:59' : formatClock(profile.closesAt) },
          source: 'test',
          license: 'CC0-1.0',
        }),
      )
    }
  }
  return lines
}
