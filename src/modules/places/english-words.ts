/**
 * The glossary behind english-name.ts: the generic words of German, French and Russian place names, with
 * their English. Written by hand from the most frequent words of the world catalog's names that have no
 * English listing (about 9,600 places: German or French names outside their language areas, Russian names
 * outside Russian-speaking countries); words are keyed folded (lower case, no accents; Russian in Cyrillic).
 *
 * Roles, which decide the English word order:
 * - `head`: what the place is; comes last in English ("Musée Rodin" → "Rodin Museum");
 * - `lead`: a head English keeps in front ("Palazzo Barbaro", "Mount Fuji", "Lake Biwa");
 * - `adj`: describes the head, in front of it ("Palais royal" → "Royal Palace");
 * - `noun`: a common word of a complement ("Musée des beaux-arts" → "Museum of Fine Arts");
 * - `saint`: a saint's title ("St", "Holy");
 * - `name`: a person's name, spelled the English way ("Николая" → "Nicholas");
 * - `skip`: a joining word or article, dropped.
 */

export type WordRole = 'head' | 'lead' | 'adj' | 'noun' | 'saint' | 'skip' | 'name'

export interface Gloss {
  readonly en: string
  readonly role: WordRole
}

type Table = Readonly<Record<string, string>>

/** "word1 word2: English" lines, split once. */
function table(lines: string): Table {
  const result: Record<string, string> = {}
  for (const line of lines.split('\n')) {
    const colon = line.indexOf(':')
    if (colon < 0) continue
    const english = line.slice(colon + 1).trim()
    for (const word of line.slice(0, colon).trim().split(/\s+/)) if (word) result[word] = english
  }
  return result
}

const HEADS = table(`
  museum musee: Museum
  museen musees: Museums
  galerie gallery: Gallery
  pinakothek: Picture Gallery
  kunsthalle: Art Hall
  kirche eglise church: Church
  pfarrkirche: Parish Church
  wallfahrtskirche: Pilgrimage Church
  stiftskirche collegiale: Collegiate Church
  klosterkirche: Abbey Church
  kapelle chapelle cappella capilla: Chapel
  kathedrale cathedrale cathedral: Cathedral
  dom munster: Cathedral
  basilika basilique: Basilica
  kloster monastere monastery: Monastery
  abtei abbaye abbey: Abbey
  couvent convent konvent: Convent
  moschee mosquee mosque: Mosque
  synagoge synagogue: Synagogue
  tempel temple: Temple
  sanctuaire schrein heiligtum: Shrine
  schloss chateau: Castle
  burg: Castle
  festung forteresse: Fortress
  zitadelle citadelle: Citadel
  bastei bastion: Bastion
  palast palais palace: Palace
  residenz residence: Residence
  turm tour tower: Tower
  tor porte gate: Gate
  brucke pont bridge: Bridge
  platz place square: Square
  markt marche market: Market
  markthalle: Market Hall
  basar bazar: Bazaar
  wochenmarkt: Weekly Market
  halle hall: Hall
  garten jardin garden: Garden
  jardins gardens: Gardens
  park parc: Park
  tierpark wildpark: Wildlife Park
  zoo: Zoo
  aquarium: Aquarium
  brunnen fontaine fountain: Fountain
  denkmal monument mahnmal: Monument
  gedenkstatte memorial: Memorial
  statue standbild: Statue
  mausoleum mausolee: Mausoleum
  grab tombeau: Tomb
  friedhof cimetiere cemetery: Cemetery
  rathaus: Town Hall
  hotel_de_ville: Town Hall
  theater theatre: Theatre
  oper opera opernhaus: Opera House
  bibliothek bibliotheque library: Library
  universitat universite university: University
  bahnhof gare: Station
  leuchtturm phare: Lighthouse
  bad bader thermes therme: Baths
  strand plage beach: Beach
  see lac: Lake
  insel ile: Island
  hugel colline: Hill
  wasserfall cascade: Waterfall
  wasserfalle chutes: Falls
  schlucht gorges: Gorge
  hohle grotte: Cave
  tal vallee: Valley
  wald foret: Forest
  haus maison house: House
  hof: Court
  ruine ruinen ruines ruins: Ruins
  ausgrabungen fouilles: Excavations
  kaserne caserne: Barracks
  mauer mur: Wall
  stadtmauer: City Walls
  viertel quartier: Quarter
  altstadt: Old Town
  vieille_ville: Old Town
  strasse rue street: Street
  gasse: Lane
  allee avenue: Avenue
  promenade: Promenade
  hafen port: Harbour
  kanal canal: Canal
  damm digue: Dam
  stadion stade stadium: Stadium
  arena: Arena
  sternwarte observatoire: Observatory
  planetarium: Planetarium
  arboretum: Arboretum
  reservat reserve: Reserve
  nationalpark: National Park
  naturpark: Nature Park
  naturschutzgebiet: Nature Reserve
  aussichtspunkt belvedere: Viewpoint
  aussichtsturm: Observation Tower
  sammlung collection: Collection
  zentrum centre center: Centre
  kulturzentrum: Cultural Centre
  institut institute: Institute
  akademie academie: Academy
  schule ecole: School
  gymnasium lycee: School
  kollegium college: College
  fabrik usine: Factory
  muhle moulin: Mill
  pavillon: Pavilion
  stupa: Stupa
  pagode pagoda: Pagoda
  minarett minaret: Minaret
  medrese medersa madrasa: Madrasa
  karawanserei caravanserail: Caravanserai
  arkaden arcades: Arcades
  triumphbogen: Triumphal Arch
  bogen arc: Arch
  aquadukt aqueduc: Aqueduct
  amphitheater amphitheatre: Amphitheatre
  forum: Forum
  kathedralkirche: Cathedral
  seilbahn telepherique: Cable Car
  standseilbahn funiculaire: Funicular
  aufzug ascenseur: Lift
  schiff bateau: Ship
  kai quai: Quay
  uferpromenade: Waterfront
  dorf village: Village
  siedlung: Settlement
  hafenviertel: Harbour Quarter
  gebaude batiment building: Building
  rathausplatz: Town Hall Square
  marktplatz: Market Square
  hauptplatz: Main Square
  schatzkammer tresor: Treasury
  kreuzgang cloitre: Cloister
  krypta crypte: Crypt
  kunstmuseum: Art Museum
  nationalmuseum: National Museum
  freilichtmuseum: Open-Air Museum
  heimatmuseum: Local History Museum
  stadtmuseum: City Museum
  volkerkundemuseum: Ethnographic Museum
  schiffahrtsmuseum schifffahrtsmuseum: Maritime Museum
  eisenbahnmuseum: Railway Museum
  kinderspielplatz spielplatz: Playground
`)

/** Heads that English keeps in front of the name: "Palazzo Barbaro", "Mount Fuji", "Lake Biwa". */
const LEADS = table(`
  palazzo palatstso: Palazzo
  villa: Villa
  piazza: Piazza
  mont berg: Mount
  fort: Fort
  wat vat: Wat
`)

const ADJECTIVES = table(`
  national nationale nationaler nationales nationalen nazionale nacional: National
  royal royale royaux koniglich konigliche koniglicher koniglichen reale real: Royal
  imperial imperiale kaiserlich kaiserliche kaiserlicher kaiserlichen: Imperial
  alt alte alter altes alten vieux vieil vieille ancien ancienne anciens anciennes: Old
  neu neue neuer neues neuen nouveau nouvel nouvelle nouveaux: New
  gross grosse grosser grosses grossen grand grande grands grandes: Great
  klein kleine kleiner kleines kleinen petit petite petits petites: Little
  botanischer botanische botanisches botanique botanico: Botanical
  zoologischer zoologische zoologisches zoologique: Zoological
  archaologisches archaologische archaologischer archeologique archeologico: Archaeological
  historisches historische historischer historique historico: Historical
  naturhistorisches: Natural History
  ethnographisches ethnografisches ethnographique ethnologisches: Ethnographic
  stadtisches stadtische stadtischer municipal municipale: Municipal
  staatliches staatliche staatlicher: State
  modern moderne modernes moderner: Modern
  zeitgenossische contemporain contemporaine: Contemporary
  romisch romische romischer romisches romain romaine romains: Roman
  griechisch griechische grec grecque: Greek
  judisch judische judisches juif juive: Jewish
  orthodoxe orthodox orthodoxen: Orthodox
  katholische katholischen catholique: Catholic
  evangelische evangelischen protestant protestante reformierte: Protestant
  armenische armenien armenienne: Armenian
  russische russe: Russian
  franzosische francais francaise: French
  englische anglais anglaise: English
  italienische italien italienne: Italian
  spanische espagnol espagnole: Spanish
  japanische japonais japonaise: Japanese
  chinesische chinois chinoise: Chinese
  islamische islamique: Islamic
  maurische mauresque: Moorish
  gotische gothique: Gothic
  barocke baroque: Baroque
  maritime maritimes: Maritime
  militaire militar militarisches: Military
  zentral central centrale zentrale: Central
  haupt principal principale: Main
  obere oberer haute haut: Upper
  untere unterer basse bas: Lower
  nord nordliche: North
  sud sudliche: South
  ost est ostliche: East
  west ouest westliche: West
  heilige heiliger heiliges sacre sacree: Holy
  weisse weisser blanc blanche: White
  schwarze schwarzer noir noire: Black
  rote roter rouge: Red
  blaue blauer bleu bleue: Blue
  goldene goldener dore doree: Golden
  kunsthistorisches: Art History
  kulturelle culturel culturelle: Cultural
  internationales international internationale: International
  offentliche public publique: Public
  universitaire: University
  prefectoral prefectorale: Prefectural
  japonaises: Japanese
  nationalgalerie: National Gallery
  kunstgewerbe: Applied Arts
  naturel naturelle naturelles: Natural
`)

const NOUNS = table(`
  kunst art arts: Art
  kunste beaux_arts: Fine Arts
  et und and: and
  geschichte histoire: History
  naturgeschichte: Natural History
  wissenschaft wissenschaften science sciences: Science
  technik technique techniques: Technology
  natur nature: Nature
  stadt ville cite: City
  meer mer: Sea
  krieg guerre: War
  frieden paix: Peace
  freiheit liberte: Liberty
  unabhangigkeit independance: Independence
  entdeckungen decouvertes: Discoveries
  republik republique: Republic
  volk peuple: People
  kinder enfants: Children
  spielzeug jouets: Toys
  elektrizitat electricite: Electricity
  eisenbahn chemin_de_fer: Railway
  luftfahrt aviation: Aviation
  schifffahrt marine: Navy
  stadtgeschichte: City History
  volkskunde ethnographie: Folk Art
  kultur culture: Culture
  religion: Religion
  musik musique: Music
  film: Film
  fotografie photographie: Photography
  design: Design
  mode: Fashion
  wein vin: Wine
  bier biere: Beer
  schokolade chocolat: Chocolate
  tee: Tea
  porzellan porcelaine: Porcelain
  glas verre: Glass
  keramik ceramique: Ceramics
  uhren horlogerie: Clocks
  waffen armes: Arms
  armee: Army
  revolution: Revolution
  holocaust shoah: Holocaust
  widerstand resistance: Resistance
  unserer_lieben_frau notre_dame: Our Lady
  jungfrau vierge: Virgin
  dreifaltigkeit trinite: Trinity
  geist esprit: Spirit
  kreuz croix: Cross
  herz coeur: Heart
  erloser sauveur: Saviour
  himmelfahrt ascension: Ascension
  mariae: Mary
  verkundigung annonciation: Annunciation
  erzengel archange: Archangel
  erzengels: Archangel
  apostel apotres: Apostles
  martyrer martyrs: Martyrs
  konig roi: King
  konigin reine: Queen
  kaiser empereur: Emperor
  prinz prince: Prince
  furst: Prince
  sultan: Sultan
  bischof eveque: Bishop
  erzbischof archeveque: Archbishop
  papst pape: Pope
  fischer pecheur pecheurs: Fishermen's
  gold: Gold
  silber argent: Silver
  mond lune: Moon
  sonne soleil: Sun
  stern etoile: Star
  blumen fleurs: Flowers
  rosen roses: Roses
  fluss fleuve riviere: River
  wasser eau: Water
  welt monde: World
  handel commerce: Trade
  hauptstadt capitale: Capital
  parlament parlement: Parliament
  regierung gouvernement: Government
  senat: Senate
  justiz justice: Justice
  post poste: Post
  kunstler artistes: Artists
  schriftsteller ecrivains: Writers
`)

const SAINTS = table(`
  st ste saint sainte sankt hl sv sf: St
  heiligen heiligkreuz: Holy
`)

const SKIPPED = table(`
  de du des d la le les l der die das dem den von vom zu zum zur am im beim an auf a au aux in en the of sur sous bei: _
`)

/** Russian words, keyed in Cyrillic (ё as е, й as и: see english-name.ts `foldRussian`). */
const RUSSIAN = table(`
  музеи музей: Museum
  церковь церкви храм: Church
  собор: Cathedral
  кафедральныи: Cathedral
  костел костела: Church
  часовня капелла: Chapel
  базилика: Basilica
  монастырь монастыря обитель аббатство: Monastery
  мечеть мечети джами: Mosque
  синагога синагоги: Synagogue
  дворец дворца: Palace
  дворцы: Palaces
  замок замка: Castle
  крепость крепости кремль: Fortress
  цитадель: Citadel
  бастион: Bastion
  башня башни: Tower
  ворота: Gate
  мост моста: Bridge
  площадь площади: Square
  улица улицы проспект: Street
  бульвар: Boulevard
  набережная: Embankment
  парк парка: Park
  сад сада: Garden
  сады: Gardens
  садом: Garden
  зоопарк: Zoo
  аквариум: Aquarium
  фонтан: Fountain
  памятник монумент: Monument
  мемориал: Memorial
  статуя скульптура: Statue
  мавзолеи мавзолей: Mausoleum
  усыпальница гробница: Tomb
  кладбище: Cemetery
  ратуша: Town Hall
  театр театра: Theatre
  опера: Opera House
  филармония: Philharmonic
  галерея: Gallery
  библиотека: Library
  университет: University
  дом дома: House
  дом-музеи: House Museum
  храм-усыпальница: Burial Church
  храм-памятник: Memorial Church
  здание: Building
  особняк: Mansion
  рынок базар: Market
  пляж: Beach
  озеро: Lake
  остров: Island
  гора: Mount
  холм: Hill
  долина: Valley
  водопад: Waterfall
  пещера: Cave
  маяк: Lighthouse
  обсерватория: Observatory
  медресе: Madrasa
  арка: Arch
  стена стены: Wall
  квартал район: Quarter
  амфитеатр: Amphitheatre
  форум: Forum
  термы бани: Baths
  павильон: Pavilion
  фабрика завод: Factory
  мельница: Mill
  телебашня: TV Tower
  центр: Centre
  комплекс ансамбль: Complex
  пантеон: Pantheon
  форт: Fort
  вилла: Villa
  палаццо: Palazzo
  пьяцца: Piazza
  ка: Ca'
  скуола: Scuola
  зал: Hall
  арсенал: Arsenal
  порт: Port
  лес: Forest
  променад: Promenade
  коллекция: Collection
  сокровищница: Treasury
  ботаническии: Botanical
  зоологическии: Zoological
  национальныи национальная национальное национального: National
  государственныи государственная: State
  городскои городская городское: City
  королевскии королевская королевское: Royal
  императорскии: Imperial
  старыи старая старое старого: Old
  новыи новая новое нового: New
  большои большая большое: Great
  малыи малая малое: Little
  археологическии: Archaeological
  исторически исторический историческии: Historical
  художественныи художественная: Art
  этнографическии: Ethnographic
  краеведческии: Local History
  морскои морская: Maritime
  военныи военная: Military
  римскии римская: Roman
  евреискии евреиская евреиское: Jewish
  православная православныи: Orthodox
  католическии: Catholic
  армянская армянскии: Armenian
  русская русскии: Russian
  испанская испанскии: Spanish
  итальянскии: Italian
  турецкии турецкая: Turkish
  францисканскии францисканцев: Franciscan
  архиепископскии: Archbishop's
  каменныи каменная: Stone
  красная красныи: Red
  белая белыи: White
  черная черныи: Black
  золотая золотои: Golden
  триумфальная: Triumphal
  часовая: Clock
  картинная: Picture
  смотровая: Observation
  площадка: Deck
  современного современное: Contemporary
  изящных изобразительного изобразительных: Fine
  высокая: High
  христа: Christ
  искусства искусств: Arts
  истории: History
  естественнои: Natural
  природы: Nature
  науки наук: Science
  транспорта: Transport
  музыки: Music
  игрушки игрушек: Toys
  рыбацкии: Fishermen's
  открытым небом: Open-Air
  республики: Republic
  независимости: Independence
  свободы: Liberty
  мира: Peace
  воины: War
  города: City
  святого святои святителя преподобного св: St
  святых: Sts
  пресвятои: Holy
  богоматери богородицы: Our Lady
  девы: Virgin
  марии мария: Mary
  троицы: Trinity
  духа: Holy Spirit
  креста: Cross
  сердца: Heart
  спасителя: Saviour
  вознесения: Ascension
  рождества: Nativity
  успения успенскии: Dormition
  благовещения: Annunciation
  всех: All
  николая: Nicholas
  александра: Alexander
  петра: Peter
  павла: Paul
  георгия: George
  михаила: Michael
  иоанна: John
  яна: Jan
  мартина: Martin
  анны: Anne
  франциска: Francis
  иакова якова: James
  андрея: Andrew
  стефана: Stephen
  вита: Vitus
  марка: Mark
  доминика: Dominic
  игнатия: Ignatius
  иосифа: Joseph
  елены: Helena
  ильи: Elijah
  григория: Gregory
  архангела: Archangel
  апостола апостолов: Apostle
  чудотворца: the Wonderworker
  имени им: _
  и: and
  на в под у при из для или по: _
  с: and
`)

function entries(words: Table, role: WordRole): Array<[string, Gloss]> {
  return Object.entries(words).map(([word, en]) => [word.replace(/_pl$|_$/, '').replace(/_/g, ' '), { en, role }])
}

/** Latin-script words (German, French and loans), folded. */
export const LATIN_GLOSSARY: ReadonlyMap<string, Gloss> = new Map([
  ...entries(SKIPPED, 'skip'),
  ...entries(NOUNS, 'noun'),
  ...entries(ADJECTIVES, 'adj'),
  ...entries(HEADS, 'head'),
  ...entries(LEADS, 'lead'),
  ...entries(SAINTS, 'saint'),
])

/** What a Russian word names when its English is one of these: the place itself. */
const RUSSIAN_HEADS: ReadonlySet<string> = new Set([
  ...Object.values(HEADS),
  'House Museum',
  'Memorial Church',
  'Burial Church',
  'Palaces',
  'Embankment',
  'Philharmonic',
  'Complex',
  'TV Tower',
  'Deck',
  'Mansion',
  'Boulevard',
  'Pantheon',
  'Arsenal',
  'Wall',
])

/** Saints' and rulers' names the Russian glossary spells the English way. */
const GIVEN_NAMES: ReadonlySet<string> = new Set(
  'Nicholas Alexander Peter Paul George Michael John Jan Martin Anne Francis James Andrew Stephen Vitus Mark Dominic Ignatius Joseph Helena Elijah Gregory Mary'.split(
    ' ',
  ),
)

/** Russian words in Cyrillic, folded. */
export const RUSSIAN_GLOSSARY: ReadonlyMap<string, Gloss> = new Map(
  Object.entries(RUSSIAN).map(([word, en]): [string, Gloss] => {
    const key = word.replace(/_pl$|_$/, '')
    if (en === '_') return [key, { en, role: 'skip' }]
    if (en === 'and') return [key, { en, role: 'noun' }]
    if (/^(St|Sts|Holy)$/.test(en)) return [key, { en, role: 'saint' }]
    if (/^(Palazzo|Piazza|Villa|Ca'|Scuola|Mount|Fort)$/.test(en)) return [key, { en, role: 'lead' }]
    const adjective = /(ыи|ии|ои|ая|ое|ого|ых|ного|ная|ное|ский|скии)$/.test(key) && !/^(святого|святых)$/.test(key)
    if (adjective) return [key, { en, role: 'adj' }]
    if (RUSSIAN_HEADS.has(en)) return [key, { en, role: 'head' }]
    if (GIVEN_NAMES.has(en)) return [key, { en, role: 'name' }]
    return [key, { en, role: 'noun' }]
  }),
)

/** German compound endings that name the place: "Elektrizitätsmuseum" → Elektrizität + museum. */
export const GERMAN_HEAD_ENDINGS: readonly string[] = [
  ...new Set(
    Object.keys(HEADS)
      .filter((word) => /^[a-z]+$/.test(word) && word.length >= 3)
      .sort((a, b) => b.length - a.length),
  ),
]

/** Exonyms of cities that German, French and Russian names use: "Cathédrale de Lisbonne" is in Lisbon. */
export const CITY_EXONYMS: ReadonlyMap<string, string> = new Map(
  Object.entries(
    table(`
  lissabon lisbonne лиссабон лиссабонскии: Lisbon
  prag prague praga prazhskiy прага пражскии: Prague
  wien vienne vena venskiy вена венскии: Vienna
  venedig venise venetsiya venetsianskiy венеция венецианскии: Venice
  florenz florence florentsiya флоренция: Florence
  rom rome rim rimskiy рим: Rome
  mailand milan милан: Milan
  neapel naples neapol неаполь: Naples
  turin турин: Turin
  genua genes генуя: Genoa
  moskau moscou moskva moskovskiy москва московскии: Moscow
  warschau varsovie varshava варшава: Warsaw
  krakau cracovie krakov krakovskiy краков краковскии: Kraków
  kopenhagen copenhague kopengagen копенгаген: Copenhagen
  brussel bruxelles bryussel брюссель: Brussels
  london londres лондон лондонскии: London
  edinburg edimbourg эдинбург: Edinburgh
  athen athenes afiny afinskiy афины афинскии: Athens
  konstantinopel constantinople константинополь: Constantinople
  kairo le_caire kair каир каирскии: Cairo
  peking pekin пекин: Beijing
  budapest budapesht будапешт: Budapest
  tallinn tallin таллин таллинн таллинскии: Tallinn
  riga рига рижскии: Riga
  vilnius вильнюс: Vilnius
  sevilla seville sevilya севилья: Seville
  barcelone barselona барселона: Barcelona
  madrid мадрид: Madrid
  porto порту: Porto
  anvers antwerpen: Antwerp
  gand gent: Ghent
  bruges brugge брюгге: Bruges
  la_haye den_haag: The Hague
  munchen munich мюнхен: Munich
  koln cologne кельн: Cologne
  tokio токио: Tokyo
  kyoto киото: Kyoto
  jerusalem иерусалим: Jerusalem
    `),
  ).map(([word, en]) => [word.replace(/_/g, ' '), en]),
)
