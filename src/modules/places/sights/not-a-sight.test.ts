import { describe, expect, it } from 'vitest'
import { notASight } from './not-a-sight.ts'

const reason = (name: string, kind: Parameters<typeof notASight>[1] = 'landmark', popularity = 0.21) => notASight([name], kind, popularity, false)

describe('notASight', () => {
  it('tells libraries, clubs and teams, sports centres and water parks, events, rentals, schools and offices, cinemas in the catalog languages', () => {
    expect(reason('Perpustakaan Kota Yogyakarta')).toBe('library')
    expect(reason('Библиотека им. Пушкина')).toBe('library')
    expect(reason('Real Betis')).toBe('club or team')
    expect(reason('Golfclub Lindau', 'sport_adventure', 0.09)).toBe('club or team')
    expect(reason('Hailsham Town Football Club', 'entertainment', 0.11)).toBe('club or team')
    expect(reason('Sky Zone Toledo')).toBe('sports or recreation centre')
    expect(reason('Freizeitbad Vegesack', 'spa_wellness', 0.065)).toBe('sports or recreation centre')
    expect(reason('Palais des congrès', 'castle_palace', 0.35)).toBeUndefined()
    expect(reason('Centre international de congrès')).toBe('convention or event')
    expect(reason('BASHcon')).toBe('convention or event')
    expect(reason('Rent a bicycle')).toBe('rental')
    expect(reason('Alliance Francaise', 'landmark', 0.343)).toBe('school, institute or office')
    expect(reason('Railways of Peru', 'landmark', 0.31)).toBe('school, institute or office')
    expect(reason('Baipai Thai Cooking School')).toBe('school, institute or office')
    expect(reason('Cinestar Metropolis', 'entertainment', 0.2)).toBe('cinema')
    expect(reason('Кинотеатр «Октябрь»')).toBe('cinema')
    expect(reason('Aquapark Tatralandia', 'theme_park')).toBe('sports or recreation centre')
    expect(reason('Galway Races')).toBe('convention or event')
    expect(reason('Canopy Sintra')).toBe('sports or recreation centre')
    expect(reason('Kletterwald Garmisch-Partenkirchen')).toBe('sports or recreation centre')
    expect(reason('Apex Karting')).toBe('sports or recreation centre')
    expect(reason('Escape Room Brussels')).toBe('sports or recreation centre')
  })

  it('keeps what its name or kind says is a sight, and the libraries people visit', () => {
    expect(reason("La Piscine – Musée d'art et d'industrie")).toBeUndefined()
    expect(reason('Plug In Institute of Contemporary Art', 'gallery')).toBeUndefined()
    expect(reason('Festival Theatre', 'entertainment')).toBeUndefined()
    expect(reason('The John Rylands Library', 'landmark', 0.343)).toBeUndefined()
    expect(reason('Library of Celsus', 'historic_site')).toBeUndefined()
    expect(notASight(['Biblioteca Joanina'], 'landmark', 0.21, true)).toBeUndefined()
    expect(reason('Kraton Ngayogyakarta Hadiningrat', 'castle_palace')).toBeUndefined()
    expect(reason('Hippodrome of Constantinople', 'historic_site')).toBeUndefined()
    expect(reason('Canopy Walk', 'landmark', 0.27)).toBeUndefined()
  })
})
