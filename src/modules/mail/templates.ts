import type { MailMessage } from './mailer.ts'

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!)

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f6f3ee;font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#17262e">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:28px">
<p style="margin:0 0 20px;font-weight:700;font-size:20px;color:#0d6b6b">Roam</p>
${body}
</div></body></html>`
}

/** "1 June 2026 at 09:05 UTC" */
const when = (date: Date) =>
  `${date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })} at ${date.toISOString().slice(11, 16)} UTC`

/**
 * The code of one sign-up. It activates that sign-up's details only, so the mail says when the sign-up
 * was made: a code from a sign-up its reader did not make is one not to enter. Nothing the sign-up typed
 * appears in it (not even the name): the address is not yet known to be theirs, and whoever signs up
 * could otherwise send their own words under Roam's name to any address.
 */
export function verificationCodeMail(to: string, code: string, validMinutes: number, signedUpAt: Date): MailMessage {
  const subject = 'Your Roam verification code'
  const made = `This code confirms the sign-up made on ${when(signedUpAt)}.`
  const advice = `Enter it on the Verify Email page within ${validMinutes} minutes. If you did not make that sign-up, do not enter the code: ignore this message.`
  const text = ['Hello,', '', 'Your Roam verification code is:', code, '', made, advice].join('\n')
  const html = layout(
    subject,
    `<p>Hello,</p>
<p>Your Roam verification code is:</p>
<p style="font-size:32px;font-weight:700;letter-spacing:8px;margin:16px 0">${code}</p>
<p>${escapeHtml(made)}</p>
<p>${escapeHtml(advice)}</p>`,
  )
  return { to, subject, text, html }
}

export function passwordResetMail(to: string, name: string, link: string, validMinutes: number): MailMessage {
  const subject = 'Reset your Roam password'
  const text = [
    `Hello ${name},`,
    '',
    'Someone asked to reset the password of your Roam account. To choose a new password, open this link:',
    link,
    '',
    `The link works once and expires in ${validMinutes} minutes. If you did not ask for it, you can ignore this message: your password stays the same.`,
  ].join('\n')
  const html = layout(
    subject,
    `<p>Hello ${escapeHtml(name)},</p>
<p>Someone asked to reset the password of your Roam account. To choose a new password, use this button:</p>
<p style="margin:20px 0"><a href="${escapeHtml(link)}" style="background:#0d6b6b;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">Reset password</a></p>
<p style="font-size:14px">Or open this link: <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p>The link works once and expires in ${validMinutes} minutes. If you did not ask for it, you can ignore this message: your password stays the same.</p>`,
  )
  return { to, subject, text, html }
}
