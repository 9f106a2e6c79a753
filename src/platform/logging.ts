import { Context, Layer } from 'effect'

type Level = 'debug' | 'info' | 'warn' | 'error'
const ORDER: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 }

export interface Logger {
  readonly debug: (msg: string, fields?: Record<string, unknown>) => void
  readonly info: (msg: string, fields?: Record<string, unknown>) => void
  readonly warn: (msg: string, fields?: Record<string, unknown>) => void
  readonly error: (msg: string, fields?: Record<string, unknown>) => void
  readonly child: (fields: Record<string, unknown>) => Logger
}

/** Structured logs: one JSON object per line on stdout (errors on stderr). */
export function createLogger(level: Level | 'silent' = 'info', base: Record<string, unknown> = {}): Logger {
  const write =
    (at: Level) =>
    (msg: string, fields: Record<string, unknown> = {}) => {
      if (ORDER[at] < ORDER[level]) return
      const line = JSON.stringify({ time: new Date().toISOString(), level: at, msg, ...base, ...fields })
      ;(at === 'error' ? process.stderr : process.stdout).write(`${line}\n`)
    }
  return {
    debug: write('debug'),
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
    child: (fields) => createLogger(level, { ...base, ...fields }),
  }
}

/** The app's logger as a service; an endpoint provides a child that stamps every line with its request id. */
export class Log extends Context.Service<Log, Logger>()('roam/Log') {
  static layer(logger: Logger) {
    return Layer.succeed(Log, logger)
  }
}

/** The request being served, when there is one: its id goes into the metadata of the events it appends. */
export const CurrentRequest = Context.Reference<{ readonly requestId?: string }>('roam/CurrentRequest', { defaultValue: () => ({}) })
