import { registry } from '../../app/registry.ts'
import { option } from '../args.ts'
import type { Command } from '../context.ts'
import { seedSocial } from '../social-seed.ts'

const count = (args: readonly string[], name: string, fallback: number) => {
  const value = Number(option(args, name) ?? fallback)
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`--${name} must be a whole number`)
  return value
}

export const seedSocialCommand: Command = {
  name: 'seed:social',
  usage: 'seed:social [--users N] [--posts N] [--likes N] [--follows N]   a Roam Share community for demos and benchmarks',
  run: async ({ database, runtime, args, out }) => {
    const users = count(args, 'users', 200)
    if (users < 2) throw new Error('--users must be at least 2')
    const summary = await seedSocial(database.db, runtime, registry, {
      users,
      posts: count(args, 'posts', 1000),
      likes: count(args, 'likes', 5000),
      follows: count(args, 'follows', 10),
      seed: count(args, 'seed', 42),
      log: (line) => out(line),
    })
    out(JSON.stringify({ seeded: summary }))
  },
}
