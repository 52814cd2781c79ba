import { describe, expect, it } from 'vitest'
import { isAllowedEndpointUrl } from './endpoint-url.ts'

const production = { localDevelopment: false }
const local = { localDevelopment: true }

describe('isAllowedEndpointUrl', () => {
  it.each([
    'https://hooks.example.com/aisle',
    'https://hooks.example.com:8443/a?b=c',
    'https://8.8.8.8/hooks',
    'https://[2606:4700:4700::1111]/hooks',
    'https://[::ffff:8.8.8.8]/hooks',
    'https://[64:ff9b::808:808]/hooks',
  ])('accepts %s on every site', (url) => {
    expect(isAllowedEndpointUrl(url, production)).toBe(true)
    expect(isAllowedEndpointUrl(url, local)).toBe(true)
  })

  it.each([
    'http://127.0.0.1:9999/hooks',
    'http://localhost:9999/hooks',
    'https://localhost/hooks',
    'https://[::1]:8443/hooks',
    'https://10.1.2.3/hooks',
    'https://172.20.0.1/hooks',
    'https://192.168.1.1/hooks',
    'https://100.64.0.1/hooks',
    'https://0.0.0.0/hooks',
    'https://127.0.0.2/hooks',
    'https://[fd00::1]/hooks',
    'https://[::ffff:10.0.0.1]/hooks',
    'https://metadata.google.internal/',
    'https://intranet/hooks',
    'https://app.localhost/hooks',
    'https://localhost./hooks',
    'https://app.localhost./hooks',
    'https://[::7f00:1]/',
    'https://[::127.0.0.1]/',
    'https://[::ffff:127.0.0.1]/',
    'https://[::ffff:7f00:1]/',
    'https://[::ffff:0:127.0.0.1]/',
    'https://[::ffff:0:7f00:1]/',
    'https://[64:ff9b:1::808:808]/',
    'https://[100::1]/',
    'https://[2001:10::1]/',
    'https://[64:ff9b::7f00:1]/',
    'https://[64:ff9b::10.0.0.1]/',
    'https://[2002:7f00:1::]/',
    'https://[2002:c0a8:101::1]/',
    'https://[::]/',
    'https://[ff02::1]/',
    'https://[fec0::1]/',
    'https://[2001:db8::1]/hooks',
    'https://[2001::1]/',
    'https://224.0.0.1/',
    'https://255.255.255.255/',
    'https://198.18.0.1/',
    'https://2130706433/',
    'https://0x7f.1/',
    'https://printer.local/',
  ])('accepts %s only on a site in local development mode', (url) => {
    expect(isAllowedEndpointUrl(url, production)).toBe(false)
    expect(isAllowedEndpointUrl(url, local)).toBe(true)
  })

  it.each([
    'http://hooks.example.com/aisle',
    'ftp://hooks.example.com/aisle',
    'https://user:pass@hooks.example.com/',
    'http://user@127.0.0.1/hooks',
    'not a url',
    'https://169.254.169.254/latest/meta-data',
    'http://169.254.169.254/latest/meta-data',
    'https://[fe80::1]/hooks',
    'https://[::ffff:169.254.169.254]/',
    'https://[::ffff:a9fe:a9fe]/',
    'https://[64:ff9b::a9fe:a9fe]/',
    'https://[2002:a9fe:a9fe::]/',
    'https://[::ffff:0:a9fe:a9fe]/',
  ])('refuses %s on every site', (url) => {
    expect(isAllowedEndpointUrl(url, production)).toBe(false)
    expect(isAllowedEndpointUrl(url, local)).toBe(false)
  })
})
