import { useEffect, useState } from 'react'
import { keepingFrom } from './verify-email.ts'

/** The address of the login or sign-up page that keeps this page's `from` (read after hydration: the server has no URL query here). */
export function useKeptFrom(path: '/login' | '/signup'): string {
  const [href, setHref] = useState<string>(path)
  useEffect(() => setHref(keepingFrom(path, location.search)), [path])
  return href
}
