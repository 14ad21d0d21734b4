#!/usr/bin/env node
import { randomBytes } from 'node:crypto'
import { migrateCommand } from './migrate-command.js'
import { pruneCommand } from './prune-command.js'

const usage = `Usage: gatehouse-auth <command>

Commands:
  secret    Print a new random secret for AUTH_SECRET (32 bytes, base64url).
  migrate   Create or upgrade the database tables: migrate --database <url> [--check]
            (postgres://..., mysql://..., file:./auth.db; default $DATABASE_URL). --check only
            tells whether the database is behind (exit code 1 when it is).
  prune     Delete expired sessions and e-mail sign-in tokens: prune --database <url>
            (the same URLs; run it from a scheduled job).
  help      Show this help.`

/** The `gatehouse-auth` command line. */
export function main(argv: string[]): number | Promise<number> {
  const [command] = argv
  switch (command) {
    case 'secret':
      process.stdout.write(`${randomBytes(32).toString('base64url')}\n`)
      process.stderr.write('Put it in your environment as AUTH_SECRET=<secret> (e.g. in .env.local).\n')
      return 0
    case 'migrate':
      return migrateCommand(argv.slice(1), {
        out: (line) => process.stdout.write(`${line}\n`),
        err: (line) => process.stderr.write(`${line}\n`),
      })
    case 'prune':
      return pruneCommand(argv.slice(1), {
        out: (line) => process.stdout.write(`${line}\n`),
        err: (line) => process.stderr.write(`${line}\n`),
      })
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      process.stdout.write(`${usage}\n`)
      return 0
    default:
      process.stderr.write(`gatehouse-auth: unknown command "${command}".\n\n${usage}\n`)
      return 2
  }
}

void Promise.resolve(main(process.argv.slice(2))).then((code) => {
  process.exitCode = code
})
