import { Context, Layer, Schema } from 'effect'
import path from 'node:path'

/** Raised when an environment variable holds a value the app cannot use. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid configuration: ${variable} ${detail}`)
  }
}

const Port = Schema.NumberFromString.pipe(Schema.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 65535 })))
const HttpUrl = Schema.String.pipe(Schema.check(Schema.isPattern(/^https?:\/\/[^\s/]+(\/\S*)?$/)))
const PostgresUrl = Schema.String.pipe(Schema.check(Schema.isPattern(/^postgres(ql)?:\/\/\S+$/)))
const SmtpUrl = Schema.String.pipe(Schema.check(Schema.isPattern(/^smtps?:\/\/\S+$/)))
const Secret = Schema.String.pipe(Schema.check(Schema.isMinLength(32)))
const NonEmpty = Schema.String.pipe(Schema.check(Schema.isMinLength(1)))
const LogLevel = Schema.Literals(['debug', 'info', 'warn', 'error', 'silent'])
const PlacesProvider = Schema.Literals(['catalog', 'google', 'osm'])
const Hours = Schema.NumberFromString.pipe(Schema.check(Schema.isBetween({ minimum: 0, maximum: 8760 })))
const PlacesCatalog = Schema.Literals(['world', 'demo', 'none'])

/**
 * Which hops in front of the app may speak for the client in `X-Forwarded-For`: none (the default: the
 * socket's peer is the client), the last `hops` proxies whatever their address, or the proxies at these
 * addresses (IPs or CIDR ranges, or `loopback`, `private`).
 */
export type TrustProxy =
  { readonly kind: 'none' } | { readonly kind: 'hops'; readonly hops: number } | { readonly kind: 'addresses'; readonly addresses: readonly string[] }

export interface AppConfig {
  readonly port: number
  readonly host: string
  readonly dataDir: string
  readonly databaseUrl: string | undefined
  readonly publicBaseUrl: string
  readonly smtpUrl: string | undefined
  readonly mailFrom: string
  readonly authSecret: string | undefined
  readonly mediaDir: string
  readonly mediaBaseUrl: string | undefined
  /**
   * `catalog+osm` when PLACES_PROVIDER is unset (and no Google key): the offline catalog, thin destinations
   * filled from OpenStreetMap in the background; `catalog` keeps a deployment fully offline.
   */
  readonly placesProvider: 'catalog' | 'google' | 'osm' | 'catalog+osm'
  /** The OpenStreetMap adapter's services and manners (PLACES_PROVIDER=osm). */
  readonly osm: OsmSettings
  /** The places catalog a fresh install imports on first start. */
  readonly placesCatalog: 'world' | 'demo' | 'none'
  readonly googleMapsApiKey: string | undefined
  readonly ffmpegPath: string | undefined
  readonly ffprobePath: string | undefined
  readonly logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent'
  /** Media in an S3-compatible object store instead of MEDIA_DIR (all of S3_BUCKET and the keys set). */
  readonly s3: S3Settings | undefined
  readonly trustProxy: TrustProxy
  /**
   * The street map's style (MapLibre style JSON); its host is the one map host the pages' policy allows.
   * MAP_STYLE_URL=none: the day maps are drawn without tiles.
   */
  readonly mapStyleUrl: string | undefined
}

/** A keyless public style over OpenStreetMap data (OpenFreeMap), credited by its own attribution. */
export const DEFAULT_MAP_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty'

export interface OsmSettings {
  /** An Overpass API endpoint (the public instance by default; a deployment may run its own). */
  readonly overpassUrl: string
  readonly wikidataUrl: string
  /** Who to contact about this deployment's requests, sent in the User-Agent. */
  readonly contact: string
  /** How old a cached answer may be before it is asked for again. */
  readonly cacheMaxAgeHours: number
}

export interface S3Settings {
  readonly endpoint: string | undefined
  readonly bucket: string
  readonly region: string
  readonly accessKeyId: string
  readonly secretAccessKey: string
}

function readS3(env: Env): S3Settings | undefined {
  const bucket = read(env, 'S3_BUCKET', NonEmpty, 'a bucket name')
  if (!bucket) return undefined
  const accessKeyId = read(env, 'S3_ACCESS_KEY_ID', NonEmpty, 'an access key id')
  const secretAccessKey = read(env, 'S3_SECRET_ACCESS_KEY', NonEmpty, 'a secret key')
  if (!accessKeyId) throw new ConfigError('S3_ACCESS_KEY_ID', 'must be set when S3_BUCKET is')
  if (!secretAccessKey) throw new ConfigError('S3_SECRET_ACCESS_KEY', 'must be set when S3_BUCKET is')
  return {
    endpoint: read(env, 'S3_ENDPOINT', HttpUrl, 'an http(s):// URL'),
    bucket,
    region: read(env, 'S3_REGION', NonEmpty, 'a region name') ?? 'us-east-1',
    accessKeyId,
    secretAccessKey,
  }
}

type Env = Readonly<Record<string, string | undefined>>

/** Decodes one variable; a secret's rejected value is never repeated in the message (it goes to the log). */
function read<S extends Schema.Codec<unknown, string>>(env: Env, name: string, schema: S, hint: string, secret = false): S['Type'] | undefined {
  const raw = env[name]
  if (raw === undefined || raw === '') return undefined
  try {
    return Schema.decodeUnknownSync(schema)(raw)
  } catch {
    throw new ConfigError(name, secret ? `must be ${hint}` : `must be ${hint} (got "${raw.slice(0, 60)}")`)
  }
}

const PROXY_ADDRESS = /^(loopback|private|[0-9a-f.:]+(\/\d{1,3})?)$/i

function readTrustProxy(env: Env): TrustProxy {
  const raw = (env.TRUST_PROXY ?? '').trim()
  if (raw === '' || raw === '0' || raw === 'false') return { kind: 'none' }
  if (/^\d+$/.test(raw)) return { kind: 'hops', hops: Math.min(Number(raw), 32) }
  const addresses = raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
  if (addresses.length === 0 || !addresses.every((address) => PROXY_ADDRESS.test(address))) {
    throw new ConfigError('TRUST_PROXY', `must be a number of hops or a comma-separated list of proxy addresses (got "${raw.slice(0, 60)}")`)
  }
  return { kind: 'addresses', addresses }
}

/** Decodes the process environment once; throws ConfigError naming the first bad variable. */
export function loadConfig(env: Env = process.env): AppConfig {
  const port = read(env, 'PORT', Port, 'a TCP port between 1 and 65535') ?? 4321
  const host = read(env, 'HOST', NonEmpty, 'a host name') ?? 'localhost'
  const dataDir = path.resolve(read(env, 'DATA_DIR', NonEmpty, 'a directory path') ?? './.data')
  const placesProvider = read(env, 'PLACES_PROVIDER', PlacesProvider, '"catalog", "google" or "osm"') ?? (env.GOOGLE_MAPS_API_KEY ? 'google' : 'catalog+osm')
  const googleMapsApiKey = read(env, 'GOOGLE_MAPS_API_KEY', NonEmpty, 'an API key')
  if (placesProvider === 'google' && !googleMapsApiKey) {
    throw new ConfigError('GOOGLE_MAPS_API_KEY', 'must be set when PLACES_PROVIDER is "google"')
  }
  const publicBaseUrl = (read(env, 'PUBLIC_BASE_URL', HttpUrl, 'an http(s):// URL') ?? `http://localhost:${port}`).replace(/\/$/, '')
  return {
    port,
    host,
    dataDir,
    databaseUrl: read(env, 'DATABASE_URL', PostgresUrl, 'a postgres:// URL', true),
    publicBaseUrl,
    smtpUrl: read(env, 'SMTP_URL', SmtpUrl, 'an smtp:// or smtps:// URL', true),
    mailFrom: read(env, 'MAIL_FROM', NonEmpty, 'an e-mail address') ?? 'Roam <no-reply@roam.local>',
    authSecret: read(env, 'AUTH_SECRET', Secret, 'at least 32 characters long', true),
    mediaDir: path.resolve(read(env, 'MEDIA_DIR', NonEmpty, 'a directory path') ?? path.join(dataDir, 'media')),
    mediaBaseUrl: read(env, 'MEDIA_BASE_URL', HttpUrl, 'an http(s):// URL'),
    placesProvider,
    osm: {
      overpassUrl: read(env, 'OVERPASS_URL', HttpUrl, 'an http(s):// URL') ?? 'https://overpass-api.de/api/interpreter',
      wikidataUrl: read(env, 'WIKIDATA_URL', HttpUrl, 'an http(s):// URL') ?? 'https://www.wikidata.org/w/api.php',
      contact: read(env, 'OSM_CONTACT', NonEmpty, 'a URL or e-mail address') ?? publicBaseUrl,
      cacheMaxAgeHours: read(env, 'PLACES_CACHE_HOURS', Hours, 'a number of hours from 0 to 8760') ?? 168,
    },
    placesCatalog: read(env, 'PLACES_CATALOG', PlacesCatalog, '"world", "demo" or "none"') ?? 'world',
    googleMapsApiKey,
    ffmpegPath: read(env, 'FFMPEG_PATH', NonEmpty, 'a file path'),
    ffprobePath: read(env, 'FFPROBE_PATH', NonEmpty, 'a file path'),
    logLevel: read(env, 'LOG_LEVEL', LogLevel, 'one of debug, info, warn, error, silent') ?? 'info',
    s3: readS3(env),
    trustProxy: readTrustProxy(env),
    mapStyleUrl: env.MAP_STYLE_URL === 'none' ? undefined : (read(env, 'MAP_STYLE_URL', HttpUrl, 'an http(s):// URL or "none"') ?? DEFAULT_MAP_STYLE_URL),
  }
}

/** The configuration of a running app: the database and the signing secret are known by then. */
export interface RunningConfig extends AppConfig {
  readonly databaseUrl: string
  readonly authSecret: string
}

export class Config extends Context.Service<Config, RunningConfig>()('roam/Config') {
  static layer(config: RunningConfig) {
    return Layer.succeed(Config, config)
  }
}
