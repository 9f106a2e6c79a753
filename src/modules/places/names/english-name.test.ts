import { describe, expect, it } from 'vitest'
import { renderEnglish } from './english-name.ts'

const english = (name: string, language: string) => renderEnglish(name, language)?.text

describe('renderEnglish', () => {
  it('translates German generic words and puts them in English order', () => {
    expect(english('Hieronymus-Kloster', 'de')).toBe('Hieronymus Monastery')
    expect(english('Elektrizitätsmuseum', 'de')).toBe('Electricity Museum')
    expect(english('Kathedrale (Lisbon)', 'de')).toBe('Lisbon Cathedral')
    expect(english('Neues Rathaus', 'de')).toBe('New Town Hall')
    expect(english('Fischerbastei', 'de')).toBe("Fishermen's Bastion")
    expect(english('Menara Gärten', 'de')).toBe('Menara Garden')
  })

  it('translates French names', () => {
    expect(english('Palais royal de Queluz', 'fr')).toBe('Queluz Royal Palace')
    expect(english('Ascenseur de Santa Justa', 'fr')).toBe('Santa Justa Lift')
    expect(english('Sanctuaire Yasaka', 'fr')).toBe('Yasaka Shrine')
    expect(english('Pont de la Liberté', 'fr')).toBe('Liberty Bridge')
    expect(english("Musée national d'histoire naturelle", 'fr')).toBe('National Museum of Natural History')
    expect(english("Musée d'art moderne de Tokyo", 'fr')).toBe('Tokyo Museum of Modern Art')
    expect(english('Forum Romain et Mont Palatin', 'fr')).toBe('Roman Forum and Mount Palatin')
    expect(english('Cathédrale de Lisbonne', 'fr')).toBe('Lisbon Cathedral')
    expect(english('Temple Kinkaku-ji', 'fr')).toBe('Kinkaku-ji Temple')
  })

  it('renders Russian names with proper names transliterated, never as a bare transliteration', () => {
    expect(english('Церковь Святого Микулаша', 'ru')).toBe('Church of St Mikulash')
    expect(english('Испанская синагога', 'ru')).toBe('Spanish Synagogue')
    expect(english('Кафедральный собор святых Станислава и Вацлава', 'ru')).toBe('Cathedral of Sts Stanislav and Vatslav')
    expect(english('Палаццо Барбаро', 'ru')).toBe('Palazzo Barbaro')
    expect(english('Смотровая площадка', 'ru')).toBe('Observation Deck')
    expect(english('Сады и павильон Менара', 'ru')).toBe('Menara Gardens and Pavilion')
    expect(english('Дворец Кинских', 'ru')).toBe('Kinsky Palace')
    expect(english('Валленштейнский дворец с садом', 'ru')).toBe('Vallenshteyn Palace and Garden')
    expect(english('Музей изобразительных искусств имени Пушкина', 'ru')).toBe('Pushkin Museum of Fine Arts')
  })

  it('leaves names with nothing to translate alone', () => {
    expect(renderEnglish('Praça do Comércio', 'de')).toBeUndefined()
    expect(renderEnglish('Obecní dům', 'fr')).toBeUndefined()
    expect(renderEnglish('Yasaka', 'en')).toBeUndefined()
    // An English name a German listing used is not turned round.
    expect(renderEnglish('Tower Bridge', 'de')).toBeUndefined()
  })
})
