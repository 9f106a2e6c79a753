/** The e-mail awaiting verification, handed from /signup to /verify-otp (spec: "passed in navigation state"). */
const KEY = 'roam.verifyEmail'

export function rememberEmailToVerify(email: string): void {
  sessionStorage.setItem(KEY, email)
}

export function emailToVerify(): string {
  return typeof window === 'undefined' ? '' : (sessionStorage.getItem(KEY) ?? '')
}
