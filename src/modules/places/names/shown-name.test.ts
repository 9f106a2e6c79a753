import { describe, expect, it } from 'vitest'
import { chooseShownName } from './shown-name.ts'

describe('chooseShownName', () => {
  it('shows the English name when any source has one', () => {
    const shown = chooseShownName(
      [
        { text: 'Notre-Dame de Paris', language: 'fr' },
        { text: 'Собор Парижской Богоматери', language: 'ru' },
        { text: 'Notre-Dame Cathedral', language: 'en' },
      ],
      'FR',
    )
    expect(shown).toEqual({
      name: 'Notre-Dame Cathedral',
      transliterated: false,
      readable: true,
      aliases: ['Notre-Dame de Paris', 'Собор Парижской Богоматери'],
    })
  })

  it('keeps an English name when a later source lists the same text in another language', () => {
    const shown = chooseShownName(
      [
        { text: 'Museum of Modern Art', language: 'en' },
        { text: 'MoMA', language: 'also1' },
        { text: 'Museum of Modern Art', language: 'de' },
        { text: 'Нью-Йоркский музей современного искусства', language: 'ru' },
      ],
      'US',
    )
    expect(shown.name).toBe('Museum of Modern Art')
    expect(shown.aliases).toEqual(['MoMA', 'Нью-Йоркский музей современного искусства'])
  })

  it('passes over an English name phrased as an activity while another name exists', () => {
    expect(
      chooseShownName(
        [
          { text: 'Wat Po Massage', language: 'en' },
          { text: 'Wat Pho', language: 'de' },
        ],
        'TH',
      ).name,
    ).toBe('Wat Pho')
    expect(chooseShownName([{ text: 'Greenwich Royal Tours', language: 'en' }], 'GB').name).toBe('Greenwich Royal Tours')
  })

  it("else shows the name in the country's language", () => {
    expect(
      chooseShownName(
        [
          { text: 'Palais de Schönbrunn', language: 'fr' },
          { text: 'Schloss Schönbrunn', language: 'de' },
        ],
        'AT',
      ).name,
    ).toBe('Schloss Schönbrunn')
    expect(
      chooseShownName(
        [
          { text: 'Cathédrale de la Dormition', language: 'fr' },
          { text: 'Успенский собор', language: 'ru' },
        ],
        'RU',
      ).name,
    ).toBe('Успенский собор')
  })

  it('else an English rendering of a German, French or Russian name outside its language area', () => {
    const shown = chooseShownName(
      [
        { text: 'Рыбацкий бастион', language: 'ru' },
        { text: 'Fischerbastei', language: 'de' },
      ],
      'HU',
    )
    expect(shown).toEqual({ name: "Fishermen's Bastion", transliterated: false, readable: true, aliases: ['Рыбацкий бастион', 'Fischerbastei'] })
    expect(chooseShownName([{ text: 'Hieronymus-Kloster', language: 'de' }], 'PT').name).toBe('Hieronymus Monastery')
    expect(chooseShownName([{ text: 'Sanctuaire Yasaka', language: 'fr' }], 'JP').name).toBe('Yasaka Shrine')
    expect(
      chooseShownName(
        [
          { text: 'Tserkov Svyatogo Mikulasha', transliterated: true },
          { text: 'Церковь Святого Микулаша', language: 'ru' },
        ],
        'CZ',
      ).name,
    ).toBe('Church of St Mikulash')
  })

  it('keeps the French name a German source gave a place in France', () => {
    expect(chooseShownName([{ text: "Musée d'Histoire Naturelle", language: 'de' }], 'FR').name).toBe("Musée d'Histoire Naturelle")
    expect(chooseShownName([{ text: 'Maison du Fromage', language: 'de' }], 'FR').name).toBe('Maison du Fromage')
    expect(chooseShownName([{ text: 'Kirche St. Peter', language: 'de' }], 'FR').name).not.toBe('Kirche St. Peter')
  })

  it('keeps German and French names inside their language areas', () => {
    expect(chooseShownName([{ text: 'Hieronymus-Kloster', language: 'de' }], 'DE').name).toBe('Hieronymus-Kloster')
    expect(chooseShownName([{ text: 'Musée Rodin', language: 'fr' }], 'FR').name).toBe('Musée Rodin')
  })

  it('else any name in Latin letters, never a script foreign to the country', () => {
    const shown = chooseShownName(
      [
        { text: 'Рыбацкий', language: 'ru' },
        { text: 'Obecní dům', language: 'fr' },
      ],
      'CZ',
    )
    expect(shown).toEqual({ name: 'Obecní dům', transliterated: false, readable: true, aliases: ['Рыбацкий'] })
  })

  it('else a Latin transliteration, flagged, with the original kept as an alias', () => {
    const catalog = chooseShownName(
      [
        { text: 'Яркарка', language: 'ru' },
        { text: 'Yarkarka', transliterated: true },
      ],
      'HU',
    )
    expect(catalog).toEqual({ name: 'Yarkarka', transliterated: true, readable: false, aliases: ['Яркарка'] })
    const ours = chooseShownName([{ text: 'Берси', language: 'ru' }], 'FR')
    expect(ours).toEqual({ name: 'Bersi', transliterated: true, readable: false, aliases: ['Берси'] })
  })

  it('renders a Russian name in another Cyrillic country in English', () => {
    expect(chooseShownName([{ text: 'Храм-памятник Александра Невского', language: 'ru' }], 'BG')).toMatchObject({
      name: 'Alexander Nevskiy Memorial Church',
      transliterated: false,
    })
  })

  it('shows, but does not plan, a Russian name no rendering reads in another Cyrillic country', () => {
    // Ohrid's Zeynel Pasha tekke: a Russian name, not the Macedonian one a visitor sees on the spot.
    expect(chooseShownName([{ text: 'Текие Зейнела Паши', language: 'ru' }], 'MK')).toMatchObject({
      name: 'Текие Зейнела Паши',
      readable: false,
    })
    expect(chooseShownName([{ text: 'Текие Зейнела Паши', language: 'ru' }], 'RU')).toMatchObject({ readable: true })
  })

  it('reads a name as readable only when every letter is', () => {
    const mixed = chooseShownName([{ text: 'Яркарка Dult' }], 'DE')
    expect(mixed).toEqual({ name: 'Yarkarka Dult', transliterated: true, readable: false, aliases: ['Яркарка Dult'] })
  })

  describe('a name a traveller can read', () => {
    const readable = (text: string, country: string, language = 'ru') => chooseShownName([{ text, language }], country)

    it('is one whose words are all translated, or a name spelled out from the script of a country that uses another', () => {
      expect(readable('Испанская синагога', 'CZ')).toMatchObject({ name: 'Spanish Synagogue', readable: true })
      expect(readable('Кабульский зоопарк', 'AF')).toMatchObject({ name: 'Kabul Zoo', readable: true })
      expect(readable('Hieronymus-Kloster', 'PT', 'de')).toMatchObject({ name: 'Hieronymus Monastery', readable: true })
    })

    it('is never a Latin-script name spelled out again from Russian, nor a rendering that keeps foreign common words', () => {
      // Thiên Mụ, Lucerne's Chapel Bridge and the Dying Lion: a third language's spellings and words.
      expect(readable('Пагода Тхьен-Му', 'VN')).toMatchObject({ readable: false })
      expect(readable('Часовенный мост', 'CH')).toMatchObject({ readable: false })
      expect(readable('Термальные источники', 'HU')).toMatchObject({ readable: false })
      expect(readable('Musée du XXIe siècle', 'JP', 'fr')).toMatchObject({ readable: false })
    })
  })
})
