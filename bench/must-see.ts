/**
 * `npm run bench:must-see`: does a first-time visitor's plan hold what they came for? For 30 of the most
 * visited city destinations, a 3-day moderate trip (Tourist Attractions + Cultural & Historical) is planned
 * on a fresh install and compared with the sights a first-time visitor expects: 6 to 10 per city, most
 * expected first. A sight counts as planned when one of its names (any listed spelling) is the name, or an
 * alias, of a planned place.
 *
 * Source of the lists: the headline sights of each city's English Wikivoyage article ("See" section and
 * the article's lead), cross-checked with the city's UNESCO World Heritage inscriptions; names as
 * English-language guidebooks write them. They are written here, apart from the places supplement the app
 * ships, so the app is not graded by its own list.
 *
 * Reports per city the recall (share of expected sights planned) and whether at least 5 of the first 6
 * are planned; sights planned twice in one trip; the mean planned length of the expected sights. JSON last.
 */
import { Effect } from 'effect'
import { cityIndex } from '../src/modules/places/cities/cities.ts'
import { foldText } from '../src/modules/places/domain.ts'
import { mean, round, tripRequest, withPlanningBench } from './plan-support.ts'

/** City (as typed), then expected sights, most expected first; alternatives after "|". */
export const MUST_SEE: ReadonlyArray<readonly [string, readonly string[]]> = [
  [
    'Paris, France',
    [
      'Eiffel Tower',
      'Louvre',
      'Notre-Dame',
      'Arc de Triomphe',
      'Sacré-Cœur|Sacre-Coeur|Sacré Coeur',
      "Musée d'Orsay|Orsay",
      'Sainte-Chapelle',
      'Champs-Élysées|Champs Elysees',
    ],
  ],
  [
    'London, United Kingdom',
    [
      'British Museum',
      'Tower of London',
      'Buckingham Palace',
      'Westminster Abbey',
      'Houses of Parliament|Big Ben|Palace of Westminster',
      'National Gallery',
      'Tower Bridge',
      "St Paul's Cathedral|St. Paul's Cathedral",
    ],
  ],
  [
    'Rome, Italy',
    [
      'Colosseum',
      'Vatican Museums|Sistine Chapel',
      "St. Peter's Basilica|St Peter's Basilica",
      'Pantheon',
      'Trevi Fountain',
      'Roman Forum',
      'Spanish Steps',
      'Piazza Navona',
    ],
  ],
  [
    'Barcelona, Spain',
    [
      'Sagrada Família|Sagrada Familia',
      'Park Güell|Park Guell',
      'Casa Batlló|Casa Batllo',
      'La Rambla|Las Ramblas',
      'Gothic Quarter|Barri Gòtic',
      'Casa Milà|La Pedrera',
      'Barcelona Cathedral',
      'Picasso Museum|Museu Picasso',
    ],
  ],
  [
    'New York, United States',
    [
      'Statue of Liberty',
      'Central Park',
      'Empire State Building',
      'Metropolitan Museum of Art|The Met',
      'Times Square',
      'Brooklyn Bridge',
      'Museum of Modern Art|MoMA',
      '9/11 Memorial|National September 11 Memorial',
    ],
  ],
  [
    'Istanbul, Turkey',
    [
      'Hagia Sophia',
      'Blue Mosque|Sultan Ahmed Mosque',
      'Topkapı Palace|Topkapi Palace',
      'Grand Bazaar',
      'Basilica Cistern',
      'Galata Tower',
      'Süleymaniye Mosque|Suleymaniye Mosque',
      'Spice Bazaar|Egyptian Bazaar',
    ],
  ],
  [
    'Tokyo, Japan',
    [
      'Senso-ji|Sensō-ji',
      'Meiji Shrine|Meiji Jingu',
      'Shibuya Crossing',
      'Tokyo Skytree',
      'Imperial Palace',
      'Tokyo National Museum',
      'Tsukiji Outer Market',
      'Shinjuku Gyoen',
    ],
  ],
  ['Amsterdam, Netherlands', ['Rijksmuseum', 'Van Gogh Museum', 'Anne Frank House', 'Royal Palace', 'Vondelpark', 'Jordaan', 'Dam Square', 'Stedelijk Museum']],
  [
    'Prague, Czechia',
    [
      'Charles Bridge',
      'Prague Castle',
      'Old Town Square',
      'Astronomical Clock',
      'St. Vitus Cathedral|St Vitus Cathedral',
      'Jewish Quarter|Josefov',
      'Church of Our Lady before Týn|Týn Church',
      'Wenceslas Square',
    ],
  ],
  [
    'Berlin, Germany',
    [
      'Brandenburg Gate',
      'Reichstag',
      'Museum Island',
      'East Side Gallery',
      'Memorial to the Murdered Jews of Europe|Holocaust Memorial',
      'Checkpoint Charlie',
      'Berlin Cathedral',
      'Pergamon Museum',
    ],
  ],
  [
    'Bangkok, Thailand',
    [
      'Grand Palace',
      'Wat Pho',
      'Wat Arun',
      'Chatuchak Weekend Market|Chatuchak',
      'Jim Thompson House',
      'Wat Saket|Golden Mount',
      'Chinatown|Yaowarat',
      'Lumphini Park',
    ],
  ],
  [
    'Dubai, United Arab Emirates',
    [
      'Burj Khalifa',
      'Dubai Mall',
      'Dubai Creek',
      'Gold Souk',
      'Al Fahidi Historical Neighbourhood|Al Bastakiya',
      'Burj Al Arab',
      'Palm Jumeirah',
      'Dubai Museum|Al Fahidi Fort',
    ],
  ],
  [
    'Singapore',
    [
      'Gardens by the Bay',
      'Marina Bay Sands',
      'Singapore Botanic Gardens',
      'Merlion Park|Merlion',
      'Chinatown',
      'Sentosa',
      'National Gallery Singapore',
      'Little India',
    ],
  ],
  [
    'Hong Kong',
    [
      'Victoria Peak|The Peak',
      'Star Ferry',
      'Tsim Sha Tsui Promenade|Avenue of Stars',
      'Temple Street Night Market',
      'Man Mo Temple',
      'Big Buddha|Tian Tan Buddha',
      'Hong Kong Museum of History',
    ],
  ],
  [
    'Madrid, Spain',
    [
      'Prado Museum|Museo del Prado',
      'Royal Palace of Madrid|Royal Palace',
      'Retiro Park|Parque del Retiro',
      'Plaza Mayor',
      'Reina Sofía|Museo Reina Sofía',
      'Puerta del Sol',
      'Thyssen-Bornemisza Museum',
      'Gran Vía',
    ],
  ],
  [
    'Vienna, Austria',
    [
      'Schönbrunn Palace|Schloss Schönbrunn',
      "St. Stephen's Cathedral|Stephansdom",
      'Hofburg',
      'Belvedere',
      'Kunsthistorisches Museum',
      'Vienna State Opera|Staatsoper',
      'Prater',
      'MuseumsQuartier',
    ],
  ],
  [
    'Venice, Italy',
    [
      "St. Mark's Basilica|St Mark's Basilica|Basilica di San Marco",
      "St. Mark's Square|Piazza San Marco",
      "Doge's Palace|Palazzo Ducale",
      'Rialto Bridge',
      'Grand Canal',
      "Gallerie dell'Accademia",
      'Bridge of Sighs',
      'Santa Maria della Salute',
    ],
  ],
  [
    'Florence, Italy',
    [
      'Florence Cathedral|Duomo|Santa Maria del Fiore',
      'Uffizi Gallery|Uffizi',
      'Ponte Vecchio',
      "Galleria dell'Accademia|Accademia Gallery",
      'Piazza della Signoria',
      'Palazzo Pitti|Pitti Palace',
      'Boboli Gardens',
      'Piazzale Michelangelo',
    ],
  ],
  [
    'Lisbon, Portugal',
    [
      'Jerónimos Monastery|Mosteiro dos Jerónimos',
      'Belém Tower|Torre de Belém',
      'São Jorge Castle|Castelo de São Jorge',
      'Alfama',
      'Praça do Comércio',
      'Lisbon Cathedral|Sé',
      'Padrão dos Descobrimentos|Monument to the Discoveries',
      'Santa Justa Lift',
    ],
  ],
  [
    'Athens, Greece',
    ['Acropolis', 'Parthenon', 'Acropolis Museum', 'Ancient Agora', 'Plaka', 'National Archaeological Museum', 'Temple of Olympian Zeus', 'Syntagma Square'],
  ],
  [
    'Budapest, Hungary',
    [
      'Hungarian Parliament Building|Parliament',
      'Buda Castle',
      "Fisherman's Bastion|Fishermen's Bastion",
      'Széchenyi Thermal Bath|Széchenyi Baths',
      'Chain Bridge',
      "St. Stephen's Basilica",
      'Matthias Church',
      'Dohány Street Synagogue|Great Synagogue',
    ],
  ],
  [
    'Kyoto, Japan',
    [
      'Fushimi Inari Taisha|Fushimi Inari',
      'Kinkaku-ji|Golden Pavilion',
      'Kiyomizu-dera',
      'Arashiyama Bamboo Grove|Arashiyama',
      'Gion',
      'Ginkaku-ji|Silver Pavilion',
      'Nijo Castle|Nijō Castle',
      'Ryoan-ji',
    ],
  ],
  [
    'Seoul, South Korea',
    [
      'Gyeongbokgung',
      'Changdeokgung',
      'Bukchon Hanok Village',
      'N Seoul Tower|Namsan Tower',
      'Myeongdong',
      'Insadong',
      'National Museum of Korea',
      'Dongdaemun Design Plaza',
    ],
  ],
  [
    'Los Angeles, United States',
    [
      'Hollywood Walk of Fame',
      'Griffith Observatory',
      'Getty Center',
      'Santa Monica Pier',
      'Universal Studios Hollywood',
      'Hollywood Sign',
      'Venice Beach',
      'LACMA|Los Angeles County Museum of Art',
    ],
  ],
  [
    'San Francisco, United States',
    ['Golden Gate Bridge', 'Alcatraz', "Fisherman's Wharf", 'Lombard Street', 'Golden Gate Park', 'Chinatown', 'Cable Cars|Cable Car', 'Palace of Fine Arts'],
  ],
  [
    'Sydney, Australia',
    [
      'Sydney Opera House',
      'Sydney Harbour Bridge',
      'Bondi Beach',
      'The Rocks',
      'Royal Botanic Garden',
      'Darling Harbour',
      'Taronga Zoo',
      'Art Gallery of New South Wales',
    ],
  ],
  [
    'Cairo, Egypt',
    [
      'Pyramids of Giza|Great Pyramid',
      'Egyptian Museum',
      'Great Sphinx|Sphinx',
      'Khan el-Khalili',
      'Citadel of Saladin|Cairo Citadel',
      'Mosque of Muhammad Ali',
      'Al-Azhar Mosque',
      'Coptic Cairo|Hanging Church',
    ],
  ],
  [
    'Marrakesh, Morocco',
    [
      'Jemaa el-Fnaa|Djemaa el-Fna',
      'Koutoubia Mosque',
      'Majorelle Garden|Jardin Majorelle',
      'Bahia Palace',
      'Saadian Tombs',
      'Ben Youssef Madrasa',
      'Medina',
      'Menara Gardens',
    ],
  ],
  [
    'Mexico City, Mexico',
    [
      'Zócalo|Zocalo',
      'National Museum of Anthropology',
      'Metropolitan Cathedral',
      'Chapultepec Castle',
      'Palacio de Bellas Artes',
      'Frida Kahlo Museum|Casa Azul',
      'Templo Mayor',
      'Teotihuacan',
    ],
  ],
  [
    'Rio de Janeiro, Brazil',
    ['Christ the Redeemer', 'Sugarloaf Mountain', 'Copacabana', 'Ipanema', 'Escadaria Selarón|Selarón Steps', 'Tijuca Forest', 'Maracanã', 'Botanical Garden'],
  ],
]

const FIRST = 6

await withPlanningBench(async ({ places, generate }) => {
  const cities: Array<Record<string, unknown>> = []
  let expectedAll = 0
  let plannedAll = 0
  const lengths: number[] = []
  let twice = 0
  for (const [typed, expected] of MUST_SEE) {
    const [first] = await Effect.runPromise(places.autocompleteCities(typed.split(',')[0]!))
    const city = first ? cityIndex().resolve(first.description) : undefined
    const result = first ? await generate(tripRequest(first.description, 3, ['tourist-attractions', 'cultural-historical'])) : undefined
    if (!city || !result?.ok) {
      console.log(`failed: ${typed}: ${result && !result.ok ? result.error.split('\n')[0] : 'not found'}`)
      cities.push({ city: typed, recall: 0, firstSix: 0 })
      expectedAll += expected.length
      continue
    }
    const known = new Map((await Effect.runPromise(places.attractionsIn(city))).map((place) => [place.id, place]))
    const planned = result.value.itinerary.flatMap((day) => day.places)
    const ids = planned.map((place) => place.id)
    twice += ids.length - new Set(ids).size
    const namesOf = (place: (typeof planned)[number]) => [place.name, ...(known.get(place.id)?.aliases ?? [])].map(foldText)
    const found = expected.map((sight) => {
      const spellings = sight.split('|').map(foldText)
      return planned.find((place) => namesOf(place).some((name) => spellings.some((spelling) => name === spelling || name.includes(spelling))))
    })
    for (const place of found) if (place) lengths.push(place.visit_duration)
    const hits = found.filter(Boolean).length
    const firstSix = found.slice(0, FIRST).filter(Boolean).length
    expectedAll += expected.length
    plannedAll += hits
    const missing = expected.filter((_, i) => !found[i]).map((sight) => sight.split('|')[0])
    console.log(`${typed}: ${hits}/${expected.length}, first six ${firstSix}/6${missing.length ? `, missing: ${missing.join(', ')}` : ''}`)
    cities.push({ city: typed, recall: round(hits / expected.length), firstSix })
  }
  console.log(
    JSON.stringify({
      cities: MUST_SEE.length,
      recall: round(plannedAll / expectedAll),
      citiesWithFiveOfFirstSix: cities.filter((city) => (city.firstSix as number) >= 5).length,
      sightsPlannedTwice: twice,
      meanExpectedVisitHours: round(mean(lengths), 2),
    }),
  )
})
