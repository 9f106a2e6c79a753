import { auditModeration, auditVerify } from './commands/audit.ts'
import { eventsTail } from './commands/events-tail.ts'
import { migrate } from './commands/migrate.ts'
import { placesImport } from './commands/places-import.ts'
import { rebuildProjections } from './commands/projections.ts'
import { routes } from './commands/routes.ts'
import { seedSocialCommand } from './commands/seed-social.ts'
import { usersRole } from './commands/users-role.ts'
import { withDatabase, type Command } from './context.ts'

const commands: readonly Command[] = [migrate, rebuildProjections, eventsTail, usersRole, placesImport, seedSocialCommand, auditModeration, auditVerify]

function usage(): string {
  return ['Usage: npm run cli -- <command> [options]', '', ...[...commands, routes].map((command) => `  ${command.usage}`)].join('\n')
}

const [name, ...args] = process.argv.slice(2)
// Needs no database.
if (name === routes.name) {
  routes.run((line) => process.stdout.write(`${line}\n`))
  process.exit(0)
}
const command = commands.find((candidate) => candidate.name === name)
if (!command) {
  console.error(name ? `Unknown command "${name}".\n\n${usage()}` : usage())
  process.exit(name ? 1 : 0)
}
try {
  process.exitCode = await withDatabase(args, command.run)
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error))
  process.exitCode = 1
}
