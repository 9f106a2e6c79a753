import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type SMTPTransport from 'nodemailer/lib/smtp-transport'
import { Context, Effect, Layer } from 'effect'
import { Config } from '../../platform/config.ts'
import { Log, type Logger } from '../../platform/logging.ts'

export interface MailMessage {
  readonly to: string
  readonly subject: string
  readonly text: string
  readonly html: string
}

/** How mail leaves: SMTP or the outbox. */
export interface MailTransport {
  /** Sends one message; rejects with MailDeliveryError when it could not be handed over. */
  readonly send: (message: MailMessage) => Promise<void>
}

export class MailDeliveryError extends Error {
  constructor(cause: unknown) {
    super(`mail delivery failed: ${cause instanceof Error ? cause.message : String(cause)}`)
  }
}

export interface MailerOptions {
  readonly smtpUrl: string | undefined
  readonly from: string
  /** Where messages go as `.eml` files when there is no SMTP server. */
  readonly outboxDir: string
  readonly logger: Logger
  readonly timeoutMs?: number
}

/** SMTP through nodemailer when `smtpUrl` is set; otherwise an `.eml` outbox on disk. */
export function createMailTransport(options: MailerOptions): MailTransport {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options) : outboxMailer(options)
}

function smtpMailer(url: string, options: MailerOptions): MailTransport {
  const timeout = options.timeoutMs ?? 15_000
  // nodemailer reads an SMTP URL from `url` and merges the other connection options over it.
  const transport = nodemailer.createTransport({ url, connectionTimeout: timeout, greetingTimeout: timeout, socketTimeout: timeout } as SMTPTransport.Options)
  return {
    send: async (message) => {
      try {
        await transport.sendMail({ from: options.from, ...message })
      } catch (error) {
        options.logger.error('mail delivery failed', { error: error instanceof Error ? error.message : String(error) })
        throw new MailDeliveryError(error)
      }
    },
  }
}

function outboxMailer(options: MailerOptions): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    send: async (message) => {
      try {
        const info = await composer.sendMail({ from: options.from, ...message })
        await fs.mkdir(options.outboxDir, { recursive: true })
        const file = path.join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`)
        // Written aside and renamed, so whoever watches the outbox never reads half a mail.
        await fs.writeFile(`${file}.part`, info.message as Buffer, { mode: 0o600 })
        await fs.rename(`${file}.part`, file)
        options.logger.info('mail written to the outbox (SMTP_URL is not set)', { file })
      } catch (error) {
        throw new MailDeliveryError(error)
      }
    },
  }
}

/** The app's mail service: SMTP_URL, or the DATA_DIR/mail outbox. */
export class Mailer extends Context.Service<Mailer, { readonly send: (message: MailMessage) => Effect.Effect<void, MailDeliveryError> }>()('roam/Mailer') {
  static fromTransport(transport: MailTransport) {
    return Layer.succeed(Mailer, {
      send: (message) =>
        Effect.tryPromise({
          try: () => transport.send(message),
          catch: (error) => (error instanceof MailDeliveryError ? error : new MailDeliveryError(error)),
        }),
    })
  }

  static readonly layer = Layer.unwrap(
    Effect.gen(function* () {
      const config = yield* Config
      const logger = yield* Log
      return Mailer.fromTransport(createMailTransport({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'mail'), logger }))
    }),
  )
}
