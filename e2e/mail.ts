import fs from 'node:fs'
import path from 'node:path'

const outbox = (dataDir = process.env.E2E_DATA_DIR ?? '') => path.join(dataDir, 'mail')

/** Quoted-printable → text: soft line breaks out, =XX escapes decoded as UTF-8. */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < joined.length; i++) {
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16))
      i += 2
    } else bytes.push(...Buffer.from(joined[i]!))
  }
  return Buffer.from(bytes).toString('utf8')
}

/** The decoded mails in the app's outbox addressed to `email`, newest first. */
function mailsTo(email: string, dataDir?: string): string[] {
  const dir = outbox(dataDir)
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((file) => file.endsWith('.eml')) : []
  const to = new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}$`, 'im')
  return files
    .map((file) => ({ file, modified: fs.statSync(path.join(dir, file)).mtimeMs }))
    .sort((a, b) => b.modified - a.modified)
    .map(({ file }) => fs.readFileSync(path.join(dir, file), 'utf8'))
    .filter((raw) => to.test(raw))
    .map(decodeQuotedPrintable)
}

/**
 * The first group of `pattern` in the newest mail to `email` that matches it, waiting for the mail a little:
 * some mails (the reset link) go out after the server has answered.
 */
async function fromMailTo(email: string, pattern: RegExp, what: string, dataDir?: string): Promise<string> {
  const deadline = Date.now() + 10_000
  while (Date.now() < deadline) {
    for (const mail of mailsTo(email, dataDir)) {
      const found = pattern.exec(mail)?.[1]
      if (found) return found
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`no mail with ${what} to ${email} arrived in the outbox`)
}

/** The code in the newest verification mail to `email` (in the outbox of the app at `dataDir`, by default the shared one). */
export const verificationCode = (email: string, dataDir?: string) => fromMailTo(email, /verification code is:\r?\n(\d{6})/, 'a verification code', dataDir)

export const resetLink = (email: string) => fromMailTo(email, /(https?:\/\/\S+\/reset-password\?token=[\w-]+)/, 'a reset link')
