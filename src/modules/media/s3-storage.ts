import { DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3'
import fs from 'node:fs'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { S3Settings } from '../../platform/config.ts'
import { contentTypeOf } from './names.ts'
import type { MediaStorage } from './storage.ts'

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)

/**
 * Media in any S3-compatible object store (AWS S3, MinIO, R2, ...). Path-style addressing and
 * checksums only where the protocol requires them, which every compatible store understands.
 */
export function s3Storage(settings: S3Settings): MediaStorage {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  const Bucket = settings.bucket
  const size = async (key: string) => {
    try {
      return (await client.send(new HeadObjectCommand({ Bucket, Key: key }))).ContentLength
    } catch (error) {
      if (isMissing(error)) return undefined
      throw error
    }
  }
  return {
    kind: 's3',
    put: async (key, source, contentType) => {
      const body = 'bytes' in source ? source.bytes : fs.createReadStream(source.path)
      const length = 'bytes' in source ? source.bytes.length : (await fs.promises.stat(source.path)).size
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, ContentLength: length }))
    },
    size,
    read: async (key, range) => {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }))
        return { body: answer.Body as Readable, contentType: contentTypeOf(key) }
      } catch (error) {
        if (isMissing(error)) return undefined
        throw error
      }
    },
    download: async (key, toPath) => {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }))
      await pipeline(answer.Body as Readable, fs.createWriteStream(toPath, { mode: 0o600 }))
    },
    remove: async (keys) => {
      for (let i = 0; i < keys.length; i += 1000) {
        const batch = keys.slice(i, i + 1000)
        if (batch.length > 0) await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }))
      }
    },
  }
}
