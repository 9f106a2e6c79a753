import type { Command } from '../context.ts'

export const migrate: Command = {
  name: 'migrate',
  usage: 'migrate                       apply pending database migrations',
  run: async ({ out }) => out('migrations are up to date'),
}
