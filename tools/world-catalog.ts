import fs from 'node:fs'
import zlib from 'node:zlib'
import { WORLD_CATALOG_FILE } from '../src/modules/places/cities/things-to-visit.ts'

/** Every record of the shipped world catalog, parsed, as the tools read it (the fields each needs). */
export const worldCatalogRecords = <Row>(): Row[] =>
  zlib
    .gunzipSync(fs.readFileSync(WORLD_CATALOG_FILE))
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Row)
