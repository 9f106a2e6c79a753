import { describe, expect, it } from 'vitest'
import { registry } from '../app/registry.ts'
import { projectionRegistry } from './registry.ts'
import { TestEvents } from './test-projections.ts'
import type { Projection } from './types.ts'

const projection = (name: string, runsAfter?: string[]): Projection<any> => ({
  name,
  runsAfter,
  events: TestEvents,
  tables: [name],
  ddl: () => '',
  apply: async () => {},
})
const names = (projections: readonly Projection<any>[]) => projections.map((p) => p.name)

describe('the projection registry', () => {
  it('orders the inline projections so that each runs after those it names, whatever order they are listed in', () => {
    const ordered = projectionRegistry({
      catalog: TestEvents,
      inline: [projection('likes', ['posts']), projection('profiles'), projection('posts', ['reports']), projection('reports')],
      async: [],
    })
    expect(names(ordered.inline)).toEqual(['reports', 'posts', 'likes', 'profiles'])
  })

  it('refuses to start with a cycle, naming it', () => {
    expect(() =>
      projectionRegistry({ catalog: TestEvents, inline: [projection('a', ['c']), projection('b', ['a']), projection('c', ['b'])], async: [] }),
    ).toThrow('Projections run after each other in a cycle: a → c → b → a')
  })

  it('refuses to start when a projection runs after one that is not registered inline', () => {
    expect(() => projectionRegistry({ catalog: TestEvents, inline: [projection('likes', ['posts'])], async: [projection('posts')] })).toThrow(
      'Projection likes runs after posts, which is not an inline projection of the registry',
    )
  })

  it("runs Roam Share's read models in the order their reads of each other need", () => {
    const order = names(registry.inline)
    const before = (first: string, second: string) => expect(order.indexOf(first)).toBeLessThan(order.indexOf(second))
    before('roam_share_profiles', 'roam_share_follows')
    before('roam_share_reports', 'roam_share_posts')
    before('roam_share_posts', 'roam_share_likes')
  })
})
