import path from 'node:path'
import { appContext } from '../../platform/runtime.ts'
import { createMailer, type Mailer } from './mailer.ts'

let mailer: Mailer | undefined

/** The running app's mailer (SMTP_URL, or the DATA_DIR/mail outbox). */
export function appMailer(): Mailer {
  if (!mailer) {
    const { config, logger } = appContext()
    mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'mail'), logger })
  }
  return mailer
}
