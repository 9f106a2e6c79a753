import { ApiError, errorMessage } from '../session/errors.ts'
import { freshAccessToken, refreshAccessToken } from '../session/store.ts'

/**
 * A multipart upload with progress (fetch cannot report upload progress, XMLHttpRequest can), with the
 * Bearer token, one retry after a silent refresh on 401, and the spec's error messages.
 */
export async function upload<T>(path: string, form: FormData, options: { method?: 'POST' | 'PUT'; onProgress?: (fraction: number) => void } = {}): Promise<T> {
  const send = (token: string | null) =>
    new Promise<{ status: number; statusText: string; text: string }>((resolve, reject) => {
      const request = new XMLHttpRequest()
      request.open(options.method ?? 'POST', path)
      request.setRequestHeader('accept', 'application/json')
      if (token) request.setRequestHeader('authorization', `Bearer ${token}`)
      request.withCredentials = true
      request.upload.onprogress = (event) => {
        if (event.lengthComputable) options.onProgress?.(event.loaded / event.total)
      }
      request.onload = () => resolve({ status: request.status, statusText: request.statusText, text: request.responseText })
      request.onerror = () => reject(new ApiError('Network error', 0))
      request.ontimeout = () => reject(new ApiError('Request timeout', 0))
      request.timeout = 15 * 60_000
      request.send(form)
    })
  const token = await freshAccessToken()
  let answer = await send(token)
  if (token && answer.status === 401 && (await refreshAccessToken())) answer = await send(await freshAccessToken())
  let data: unknown = null
  try {
    data = answer.text ? JSON.parse(answer.text) : null
  } catch {
    data = answer.text
  }
  if (answer.status < 200 || answer.status >= 300) throw new ApiError(errorMessage(answer.status, answer.statusText, data), answer.status, data)
  return data as T
}
