import fs from 'node:fs'
import path from 'node:path'

const outbox = () => path.join(process.env.E2E_DATA_DIR ?? '', 'mail')

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

/** The decoded text of the newest mail in the app's outbox addressed to `email`, waiting for it a little. */
export async function latestMailTo(email: string, after = 0): Promise<string> {
  const deadline = Date.now() + 10_000
  while (Date.now() < deadline) {
    const files = fs.existsSync(outbox()) ? fs.readdirSync(outbox()).filter((file) => file.endsWith('.eml')) : []
    const matching = files
      .map((file) => ({ file, stat: fs.statSync(path.join(outbox(), file)) }))
      .filter(({ stat }) => stat.mtimeMs > after)
      .sort((a, b) => b.stat.mtimeMs - a.stat.mtimeMs)
      .map(({ file }) => fs.readFileSync(path.join(outbox(), file), 'utf8'))
      .find((raw) => new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}$`, 'im').test(raw))
    if (matching) return decodeQuotedPrintable(matching)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`no mail to ${email} arrived in the outbox`)
}

export async function verificationCode(email: string, after = 0): Promise<string> {
  const code = /verification code is:\r?\n(\d{6})/.exec(await latestMailTo(email, after))?.[1]
  if (!code) throw new Error(`the mail to ${email} has no code`)
  return code
}

export async function resetLink(email: string, after = 0): Promise<string> {
  const link = /(https?:\/\/\S+\/reset-password\?token=[\w-]+)/.exec(await latestMailTo(email, after))?.[1]
  if (!link) throw new Error(`the mail to ${email} has no reset link`)
  return link
}
