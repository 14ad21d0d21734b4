/**
 * The README's quick-start server (`fuzz-server.ts`) as a child process: started, watched and restarted, so a
 * request that kills it is noticed as an exit (and shrinking re-tests each candidate on a live server).
 */
import { fork, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { FuzzConfigName } from './fuzz-configs.js'

const script = fileURLToPath(new URL('./fuzz-server.ts', import.meta.url))

/** One child server for one configuration. */
export class ChildServer {
  #child: ChildProcess | undefined
  #port = 0
  #stderr = ''
  /** How many times the child had to be started again after it died. */
  restarts = 0

  constructor(
    private readonly name: FuzzConfigName,
    private readonly args: { closedPort: number; sqlitePath: string; env?: Record<string, string> },
  ) {}

  get port(): number {
    return this.#port
  }

  /** Whether the child process is running. */
  get alive(): boolean {
    return this.#child !== undefined && this.#child.exitCode === null && this.#child.signalCode === null
  }

  /** How the child ended, with the end of its stderr (the reason a request killed it). */
  get death(): string {
    const c = this.#child
    return `exit code ${c?.exitCode ?? '-'}, signal ${c?.signalCode ?? '-'}; stderr: ${this.#stderr.slice(-600)}`
  }

  /** Starts the child (again, if it died) and waits for its port. */
  async ensure(): Promise<void> {
    if (this.alive) return
    if (this.#child) this.restarts++
    this.#stderr = ''
    const child = fork(script, [this.name, String(this.args.closedPort), this.args.sqlitePath], {
      execArgv: ['--expose-gc', '--import', 'tsx'],
      env: { ...process.env, ...this.args.env },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    })
    child.stderr?.on('data', (chunk: Buffer) => {
      this.#stderr = (this.#stderr + chunk.toString('utf8')).slice(-4000)
    })
    this.#child = child
    this.#port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the fuzz server did not start: ${this.#stderr}`)),
        30_000,
      )
      child.once('exit', () => reject(new Error(`the fuzz server exited at start: ${this.#stderr}`)))
      child.on('message', (message: { port?: number }) => {
        if (message.port === undefined) return
        clearTimeout(timer)
        resolve(message.port)
      })
    })
  }

  /** The child's used heap after a full GC. */
  heap(): Promise<number> {
    const child = this.#child
    if (!child || !this.alive) return Promise.reject(new Error('the fuzz server is not running'))
    return new Promise((resolve) => {
      const onMessage = (message: { heap?: number }) => {
        if (message.heap === undefined) return
        child.off('message', onMessage)
        resolve(message.heap)
      }
      child.on('message', onMessage)
      child.send('heap')
    })
  }

  /** Stops the child. */
  async stop(): Promise<void> {
    const child = this.#child
    if (!child || !this.alive) return
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    child.kill()
    await exited
  }
}
