import { describe, expect, it } from 'vitest'
import { type AddressKind, addressKind } from './outbound-address.ts'

// One row per special-purpose range of the IANA IPv4 and IPv6 registries: an address just inside it
// and, where the edge is near a public address, one just outside.
const rows: [range: string, address: string, kind: AddressKind][] = [
  ['0.0.0.0/8 this network', '0.255.255.255', 'local'],
  ['just after 0/8', '1.0.0.1', 'public'],
  ['10.0.0.0/8 private', '10.255.255.255', 'local'],
  ['just after 10/8', '11.0.0.0', 'public'],
  ['100.64.0.0/10 shared (carrier NAT)', '100.127.255.255', 'local'],
  ['just after 100.64/10', '100.128.0.0', 'public'],
  ['just before 100.64/10', '100.63.255.255', 'public'],
  ['127.0.0.0/8 loopback', '127.1.2.3', 'local'],
  ['169.254.0.0/16 link-local (metadata)', '169.254.169.254', 'link-local'],
  ['just after 169.254/16', '169.255.0.0', 'public'],
  ['172.16.0.0/12 private', '172.31.255.255', 'local'],
  ['just after 172.16/12', '172.32.0.0', 'public'],
  ['just before 172.16/12', '172.15.255.255', 'public'],
  ['192.0.0.0/24 IETF protocol assignments', '192.0.0.170', 'local'],
  ['192.0.2.0/24 TEST-NET-1', '192.0.2.1', 'local'],
  ['192.88.99.0/24 6to4 relay anycast', '192.88.99.1', 'local'],
  ['192.168.0.0/16 private', '192.168.255.255', 'local'],
  ['just after 192.168/16', '192.169.0.0', 'public'],
  ['198.18.0.0/15 benchmarking', '198.19.255.255', 'local'],
  ['just after 198.18/15', '198.20.0.0', 'public'],
  ['just before 198.18/15', '198.17.255.255', 'public'],
  ['198.51.100.0/24 TEST-NET-2', '198.51.100.7', 'local'],
  ['203.0.113.0/24 TEST-NET-3', '203.0.113.7', 'local'],
  ['224.0.0.0/4 multicast', '239.255.255.255', 'local'],
  ['240.0.0.0/4 reserved', '240.0.0.1', 'local'],
  ['255.255.255.255 broadcast', '255.255.255.255', 'local'],
  ['a public IPv4 address', '8.8.8.8', 'public'],
  ['::/128 unspecified', '::', 'local'],
  ['::1/128 loopback', '::1', 'local'],
  ['::/96 IPv4-compatible (deprecated)', '::7f00:1', 'local'],
  ['::ffff:0:0/96 IPv4-mapped, loopback', '::ffff:127.0.0.1', 'local'],
  ['::ffff:0:0/96 IPv4-mapped, hex', '::ffff:7f00:1', 'local'],
  ['::ffff:0:0/96 IPv4-mapped, metadata', '::ffff:169.254.169.254', 'link-local'],
  ['::ffff:0:0/96 IPv4-mapped, public', '::ffff:8.8.8.8', 'public'],
  ['::ffff:0:0:0/96 IPv4-translated, loopback', '::ffff:0:127.0.0.1', 'local'],
  ['::ffff:0:0:0/96 IPv4-translated, hex', '::ffff:0:7f00:1', 'local'],
  ['::ffff:0:0:0/96 IPv4-translated, private', '::ffff:0:10.0.0.1', 'local'],
  ['::ffff:0:0:0/96 IPv4-translated, metadata', '::ffff:0:a9fe:a9fe', 'link-local'],
  ['::ffff:0:0:0/96 IPv4-translated, public', '::ffff:0:8.8.8.8', 'public'],
  ['64:ff9b::/96 NAT64, loopback', '64:ff9b::127.0.0.1', 'local'],
  ['64:ff9b::/96 NAT64, private', '64:ff9b::c0a8:1', 'local'],
  ['64:ff9b::/96 NAT64, public', '64:ff9b::808:808', 'public'],
  ['64:ff9b:1::/48 NAT64 local use', '64:ff9b:1::808:808', 'local'],
  ['100::/64 discard-only', '100::1', 'local'],
  ['just after 100::/64', '100:0:0:1::1', 'public'],
  ['2001::/32 Teredo', '2001:0:4136:e378:8000:63bf:3fff:fdd2', 'local'],
  ['2001:2::/48 benchmarking', '2001:2::1', 'local'],
  ['2001:10::/28 ORCHID', '2001:10::1', 'local'],
  ['2001:20::/28 ORCHIDv2', '2001:2f::1', 'local'],
  ['2001::/23 IETF protocol assignments', '2001:1ff::1', 'local'],
  ['just after 2001::/23', '2001:200::1', 'public'],
  ['2001:db8::/32 documentation', '2001:db8::1', 'local'],
  ['3fff::/20 documentation', '3fff:fff::1', 'local'],
  ['2002::/16 6to4, loopback', '2002:7f00:1::1', 'local'],
  ['2002::/16 6to4, private', '2002:c0a8:101::', 'local'],
  ['2002::/16 6to4, public', '2002:808:808::1', 'public'],
  ['fc00::/7 unique local', 'fdff:ffff::1', 'local'],
  ['just before fc00::/7', 'fbff:ffff::1', 'public'],
  ['fe80::/10 link-local', 'febf::1', 'link-local'],
  ['fe80::/10 link-local with a zone', 'fe80::1%eth0', 'link-local'],
  ['fec0::/10 site-local (deprecated)', 'fec0::1', 'local'],
  ['ff00::/8 multicast', 'ff02::1', 'local'],
  ['a public IPv6 address', '2606:4700:4700::1111', 'public'],
]

describe('the outbound address check', () => {
  it.each(rows)('%s: %s is %s', (_range, address, kind) => {
    expect(addressKind(address)).toBe(kind)
    expect(addressKind(`[${address}]`)).toBe(kind)
  })

  it('takes anything that is not an IP address as local', () => {
    for (const text of ['', 'localhost', '127.1', '0x7f.0.0.1', '::ffff:0:127.0.0.1:80', 'fe80::1%'])
      expect(addressKind(text)).toBe('local')
  })
})
