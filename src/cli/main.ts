#!/usr/bin/env node
import { randomBytes } from 'node:crypto'

const usage = `Usage: gatehouse <command>

Commands:
  secret    Print a new random secret for AUTH_SECRET (32 bytes, base64url).
  help      Show this help.`

/** The `gatehouse` command line. */
export function main(argv: string[]): number {
  const [command] = argv
  switch (command) {
    case 'secret':
      process.stdout.write(`${randomBytes(32).toString('base64url')}\n`)
      process.stderr.write('Put it in your environment as AUTH_SECRET=<secret> (e.g. in .env.local).\n')
      return 0
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      process.stdout.write(`${usage}\n`)
      return 0
    default:
      process.stderr.write(`gatehouse: unknown command "${command}".\n\n${usage}\n`)
      return 2
  }
}

process.exitCode = main(process.argv.slice(2))
