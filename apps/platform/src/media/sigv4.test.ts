import { describe, expect, it } from 'vitest'
import { canonicalRequest, EMPTY_PAYLOAD_SHA256, sha256Hex, signRequest } from './sigv4.ts'

// The credential scope and key of AWS's Signature Version 4 test suite
// (https://docs.aws.amazon.com/general/latest/gr/signature-v4-test-suite.html).
const suite = {
  credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' },
  region: 'us-east-1',
  service: 'service',
  date: new Date('2015-08-30T12:36:00Z'),
}

describe('AWS Signature Version 4', () => {
  it('reproduces the test suite\'s "get-vanilla" case: canonical request, its hash and the Authorization header', () => {
    const request = {
      method: 'GET',
      url: new URL('https://example.amazonaws.com/'),
      headers: { 'x-amz-date': '20150830T123600Z' },
      payloadHash: EMPTY_PAYLOAD_SHA256,
    }
    const { canonical } = canonicalRequest(request)
    // get-vanilla.creq and the hash on the fourth line of get-vanilla.sts.
    expect(canonical).toBe(
      'GET\n/\n\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\nhost;x-amz-date\n' +
        'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    )
    expect(sha256Hex(canonical)).toBe('bb579772317eb040ac9ed261061d46c1f17a8133879d6129b6e1c25292927e63')
    // get-vanilla.authz
    expect(signRequest({ ...request, headers: {} }, suite).authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, ' +
        'SignedHeaders=host;x-amz-date, ' +
        'Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    )
  })

  it('sorts the query as the "get-vanilla-query-order-key-case" case wants', () => {
    const headers = signRequest(
      {
        method: 'GET',
        url: new URL('https://example.amazonaws.com/?Param2=value2&Param1=value1'),
        headers: {},
        payloadHash: EMPTY_PAYLOAD_SHA256,
      },
      suite,
    )
    expect(headers.authorization).toMatch(
      /Signature=b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500$/,
    )
  })

  it("signs S3's GET Object example (Range and x-amz-content-sha256 signed too)", () => {
    // The example of the S3 API reference, "Signature Calculations for the Authorization Header".
    const headers = signRequest(
      {
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
        headers: { range: 'bytes=0-9', 'x-amz-content-sha256': EMPTY_PAYLOAD_SHA256 },
        payloadHash: EMPTY_PAYLOAD_SHA256,
      },
      {
        credentials: {
          accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
          secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        },
        region: 'us-east-1',
        service: 's3',
        date: new Date('2013-05-24T00:00:00Z'),
      },
    )
    expect(headers).toMatchObject({ 'x-amz-date': '20130524T000000Z', range: 'bytes=0-9' })
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    )
  })

  it('signs the session token of temporary credentials', () => {
    const headers = signRequest(
      {
        method: 'PUT',
        url: new URL('https://example.amazonaws.com/a%20b'),
        headers: {},
        payloadHash: EMPTY_PAYLOAD_SHA256,
      },
      { ...suite, credentials: { ...suite.credentials, sessionToken: 'token-1' } },
    )
    expect(headers['x-amz-security-token']).toBe('token-1')
    expect(headers.authorization).toContain('SignedHeaders=host;x-amz-date;x-amz-security-token,')
  })
})
