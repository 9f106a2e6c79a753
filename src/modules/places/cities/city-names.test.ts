import { describe, expect, it } from 'vitest'
import { cityIndex } from './cities.ts'
import { alternateCityNames, CITY_ALIASES } from './city-names.ts'

describe('the other names of cities (data/cities/alternate-names.tsv.gz)', () => {
  const names = alternateCityNames()

  it('belong to cities of the index and are names a traveller reads: Latin script, capitalised, no codes', () => {
    expect(names.size).toBeGreaterThan(10_000)
    const unknown = [...names.keys()].filter((id) => !cityIndex().byId(id))
    const unreadable = [...names.values()]
      .flat()
      .filter((name) => !/^[\p{Script=Latin}\p{M} '’.-]+$/u.test(name) || !/\p{Lu}/u.test(name) || /^\p{Lu}{2,4}$/u.test(name))
    expect(unknown).toEqual([])
    expect(unreadable).toEqual([])
  })

  it('hold English exonyms and local names of well-known cities', () => {
    const of = (query: string) => names.get(cityIndex().resolve(query)!.id) ?? []
    expect(of('Sevilla, Spain')).toContain('Seville')
    expect(of('Marrakech')).toContain('Marrakesh')
    expect(of('Florence, Italy')).toContain('Firenze')
    expect(of('Munich')).toContain('München')
    expect(of('Prague')).toContain('Praha')
    expect(of('Phatthaya')).toContain('Pattaya')
  })

  it('leave a name to the city that has it as its own (Monaco is not Munich)', () => {
    expect(names.get(cityIndex().resolve('Munich')!.id)).not.toContain('Monaco')
  })

  it('add the hand-listed aliases', () => {
    for (const [id, aliases] of Object.entries(CITY_ALIASES)) expect(names.get(id)).toEqual(expect.arrayContaining([...aliases]))
  })
})
