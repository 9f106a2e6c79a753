import { BlockList, isIP } from 'node:net'
import type { TrustProxy } from './config.ts'

const plain = (address: string) => address.trim().replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1')

function blockList(addresses: readonly string[]): BlockList {
  const list = new BlockList()
  const add = (address: string) => {
    const [ip = '', bits] = address.split('/')
    const type = isIP(ip) === 6 ? 'ipv6' : 'ipv4'
    if (bits === undefined) list.addAddress(ip, type)
    else list.addSubnet(ip, Number(bits), type)
  }
  for (const address of addresses) {
    if (address === 'loopback' || address === 'private') ['127.0.0.0/8', '::1/128'].forEach(add)
    if (address === 'private') ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16', 'fc00::/7', 'fe80::/10'].forEach(add)
    if (address !== 'loopback' && address !== 'private') add(address)
  }
  return list
}

const trusted = new WeakMap<readonly string[], BlockList>()

function isTrusted(address: string, addresses: readonly string[]): boolean {
  let list = trusted.get(addresses)
  if (!list) trusted.set(addresses, (list = blockList(addresses)))
  const type = isIP(address)
  return type !== 0 && list.check(address, type === 6 ? 'ipv6' : 'ipv4')
}

/**
 * The address of the client behind `peer` (the socket's other end). `X-Forwarded-For` is believed only
 * as far as trusted proxies wrote it, read from the right: each trusted hop names the one before it, and
 * the first hop that is not trusted (or the last one named) is the client.
 */
export function clientAddress(peer: string, forwardedFor: string | null, trust: TrustProxy): string {
  const hop = plain(peer)
  if (trust.kind === 'none' || !forwardedFor) return hop
  const chain = forwardedFor.split(',').map(plain)
  if (trust.kind === 'hops') {
    const named = chain.slice(-trust.hops)
    const client = named[0]
    return client && isIP(client) ? client : hop
  }
  let client = hop
  while (isTrusted(client, trust.addresses) && chain.length > 0) {
    const previous = chain.pop()!
    if (!isIP(previous)) break
    client = previous
  }
  return client
}
