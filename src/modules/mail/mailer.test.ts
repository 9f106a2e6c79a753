import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '../../platform/logging.ts'
import { createMailTransport, MailDeliveryError } from './mailer.ts'
import { passwordResetMail, verificationCodeMail } from './templates.ts'

const logger = createLogger('silent')
const received: string[] = []
let smtp: SMTPServer
let smtpPort: number

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let data = ''
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()))
      stream.on('end', () => {
        received.push(data)
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  smtpPort = (smtp.server.address() as AddressInfo).port
})
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())))

const message = verificationCodeMail('ana@example.com', '042137', 10, new Date('2026-06-01T09:05:00Z'))

describe('mailer', () => {
  it('delivers through a real SMTP server when SMTP_URL is set', async () => {
    const mailer = createMailTransport({ smtpUrl: `smtp://127.0.0.1:${smtpPort}`, from: 'Roam <no-reply@roam.test>', outboxDir: '/nonexistent', logger })
    await mailer.send(message)
    const raw = received.at(-1)!
    expect(raw).toMatch(/^To: ana@example\.com$/m)
    expect(raw).toMatch(/^Subject: Your Roam verification code$/m)
    expect(raw).toContain('042137')
    expect(raw).toContain('multipart/alternative')
  })

  it('fails with a delivery error when the SMTP server is unreachable', async () => {
    const mailer = createMailTransport({ smtpUrl: 'smtp://127.0.0.1:1', from: 'Roam <no-reply@roam.test>', outboxDir: '/nonexistent', logger, timeoutMs: 2000 })
    await expect(mailer.send(message)).rejects.toBeInstanceOf(MailDeliveryError)
  })

  it('writes an RFC 5322 .eml file to the outbox without SMTP', async () => {
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roam-outbox-'))
    const mailer = createMailTransport({ smtpUrl: undefined, from: 'Roam <no-reply@roam.test>', outboxDir, logger })
    await mailer.send(message)
    const files = fs.readdirSync(outboxDir)
    expect(files).toHaveLength(1)
    expect(files[0]).toMatch(/\.eml$/)
    const raw = fs.readFileSync(path.join(outboxDir, files[0]!), 'utf8')
    expect(raw).toMatch(/^From: Roam <no-reply@roam\.test>$/m)
    expect(raw).toMatch(/^Date: /m)
    expect(raw).toMatch(/^Message-ID: </m)
    expect(raw).toContain('Your Roam verification code is:\n042137')
  })

  it('escapes user-supplied names in the HTML part', () => {
    const reset = passwordResetMail('ana@example.com', 'Ana <script>', 'http://roam.test/reset-password?token=x', 30)
    expect(reset.html).toContain('Ana &lt;script&gt;')
    expect(reset.html).not.toContain('<script>')
  })
})
