/**
 * Precision and recall of the same-sight matcher on hand-labelled candidate pairs of the large catalog
 * (dedupe-labels.json says how they were drawn and labelled). Each labelled pair stands for
 * stratumSize / stratumSampled candidate pairs, so the figures estimate the whole candidate population.
 * False merges (two real sights made one) cost more than misses: precision has the higher bar.
 */
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { Kind } from '../domain.ts'
import { prepareSight, sameSight } from './same-sight.ts'

interface LabelledRecord {
  readonly id: string
  readonly names: readonly string[]
  readonly kind: Kind
  readonly latitude: number
  readonly longitude: number
  readonly origins: readonly string[]
}

interface LabelledPair {
  readonly city: string
  readonly cityId: string
  readonly stratumSize: number
  readonly stratumSampled: number
  readonly a: LabelledRecord
  readonly b: LabelledRecord
  readonly label: 'same' | 'different'
}

const { pairs } = JSON.parse(fs.readFileSync(new URL('./dedupe-labels.json', import.meta.url), 'utf8')) as { pairs: LabelledPair[] }

function score() {
  const counts = { truePairs: 0, falseMerges: 0, misses: 0 }
  let truePairs = 0
  let falseMerges = 0
  let misses = 0
  for (const pair of pairs) {
    const weight = pair.stratumSize / pair.stratumSampled
    const sight = (record: LabelledRecord) => prepareSight({ ...record, cityId: pair.cityId }, pair.city)
    const merged = sameSight(sight(pair.a), sight(pair.b))
    const same = pair.label === 'same'
    if (merged && same) {
      counts.truePairs++
      truePairs += weight
    } else if (merged) {
      counts.falseMerges++
      falseMerges += weight
    } else if (same) {
      counts.misses++
      misses += weight
    }
  }
  return { counts, precision: truePairs / (truePairs + falseMerges), recall: truePairs / (truePairs + misses) }
}

describe('same-sight matcher on the hand-labelled sample', () => {
  it('has at least 200 labelled pairs, each labelled', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(200)
    for (const pair of pairs) expect(['same', 'different']).toContain(pair.label)
  })

  it('rarely makes two real sights one (precision ≥ 95 %) and finds at least half of the duplicates', () => {
    const { counts, precision, recall } = score()
    expect(precision).toBeGreaterThanOrEqual(0.95)
    expect(recall).toBeGreaterThanOrEqual(0.5)
    expect(counts.falseMerges).toBeLessThanOrEqual(4)
  })
})
