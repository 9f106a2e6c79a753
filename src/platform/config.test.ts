import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({ port: 4321, databaseUrl: undefined, placesProvider: 'catalog+osm', logLevel: 'info' })
    expect(config.dataDir).toBe(path.resolve('.data'))
    expect(config.publicBaseUrl).toBe('http://localhost:4321')
    expect(config.mapStyleUrl).toBe('https://tiles.openfreemap.org/styles/liberty')
    expect(loadConfig({ MAP_STYLE_URL: 'none' }).mapStyleUrl).toBeUndefined()
    expect(loadConfig({ MAP_STYLE_URL: 'https://maps.example.org/style.json' }).mapStyleUrl).toBe('https://maps.example.org/style.json')
  })

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://db/roam'],
    ['SMTP_URL', 'mail.example.com'],
    ['AUTH_SECRET', 'too-short'],
    ['LOG_LEVEL', 'verbose'],
    ['PUBLIC_BASE_URL', 'example.com'],
    ['MAP_STYLE_URL', 'tiles.example.org/style.json'],
  ])('rejects %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError)
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration: ${name} `))
  })

  it('never repeats a rejected secret in its message', () => {
    for (const [name, value] of [
      ['AUTH_SECRET', 'hunter2-but-too-short'],
      ['DATABASE_URL', 'mysql://admin:s3cr3t-pw@db/roam'],
      ['SMTP_URL', 'mail://user:s3cr3t-pw@mx'],
    ] as const) {
      expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration: ${name} `))
      expect(() => loadConfig({ [name]: value })).not.toThrow(/hunter2|s3cr3t/)
    }
  })

  it('trusts no proxy by default; TRUST_PROXY takes a hop count or proxy addresses', () => {
    expect(loadConfig({}).trustProxy).toEqual({ kind: 'none' })
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ kind: 'hops', hops: 2 })
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback' }).trustProxy).toEqual({ kind: 'addresses', addresses: ['10.0.0.0/8', 'loopback'] })
  })

  it('asks for a Google key when the google provider is chosen', () => {
    expect(() => loadConfig({ PLACES_PROVIDER: 'google' })).toThrow(/GOOGLE_MAPS_API_KEY/)
    expect(loadConfig({ GOOGLE_MAPS_API_KEY: 'key' }).placesProvider).toBe('google')
  })

  it("takes the keyless osm provider with the public Overpass and Wikidata by default, or a deployment's own", () => {
    const config = loadConfig({ PLACES_PROVIDER: 'osm', PUBLIC_BASE_URL: 'https://roam.example' })
    expect(config.placesProvider).toBe('osm')
    expect(config.osm).toEqual({
      overpassUrl: 'https://overpass-api.de/api/interpreter',
      wikidataUrl: 'https://www.wikidata.org/w/api.php',
      contact: 'https://roam.example',
      cacheMaxAgeHours: 168,
    })
    const own = loadConfig({
      PLACES_PROVIDER: 'osm',
      OVERPASS_URL: 'http://overpass.internal/api/interpreter',
      OSM_CONTACT: 'ops@roam.example',
      PLACES_CACHE_HOURS: '24',
    })
    expect(own.osm).toMatchObject({ overpassUrl: 'http://overpass.internal/api/interpreter', contact: 'ops@roam.example', cacheMaxAgeHours: 24 })
    expect(() => loadConfig({ OVERPASS_URL: 'overpass' })).toThrow(/^Invalid configuration: OVERPASS_URL /)
    expect(() => loadConfig({ PLACES_CACHE_HOURS: 'a week' })).toThrow(/^Invalid configuration: PLACES_CACHE_HOURS /)
  })

  it('keeps media in an S3-compatible store only when a bucket and both keys are given', () => {
    expect(loadConfig({}).s3).toBeUndefined()
    expect(() => loadConfig({ S3_BUCKET: 'media' })).toThrow(/^Invalid configuration: S3_ACCESS_KEY_ID /)
    expect(() => loadConfig({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'id' })).toThrow(/^Invalid configuration: S3_SECRET_ACCESS_KEY /)
    expect(() => loadConfig({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/)
    expect(loadConfig({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' }).s3).toMatchObject({
      bucket: 'media',
      region: 'us-east-1',
      endpoint: undefined,
    })
  })
})
