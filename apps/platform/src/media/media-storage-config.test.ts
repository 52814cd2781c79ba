import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, parseConfig } from '../config.ts'
import { createMediaStorage, parseMediaStorageConfig } from './media-storage-config.ts'

const s3 = { S3_BUCKET: 'shop-media', S3_ACCESS_KEY_ID: 'AKID', S3_SECRET_ACCESS_KEY: 'secret' }

describe('media storage settings', () => {
  it('keep media in DATA_DIR/media by default, or in MEDIA_DIR', () => {
    expect(parseConfig({ DATA_DIR: '/srv/aisle' }).mediaStorage).toEqual({
      kind: 'local',
      directory: '/srv/aisle/media',
    })
    expect(parseMediaStorageConfig({ MEDIA_DIR: 'uploads' }, '/srv/aisle')).toEqual({
      kind: 'local',
      directory: resolve('uploads'),
    })
  })

  it('use S3 when S3_BUCKET is set, with documented defaults', () => {
    expect(parseMediaStorageConfig(s3, '/d')).toEqual({
      kind: 's3',
      s3: {
        endpoint: 'https://s3.us-east-1.amazonaws.com',
        region: 'us-east-1',
        bucket: 'shop-media',
        credentials: { accessKeyId: 'AKID', secretAccessKey: 'secret' },
        forcePathStyle: false,
      },
    })
    const minio = parseMediaStorageConfig(
      {
        ...s3,
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_REGION: 'eu-west-3',
        S3_FORCE_PATH_STYLE: 'true',
        S3_SESSION_TOKEN: 'tok',
      },
      '/d',
    )
    expect(minio).toMatchObject({
      s3: {
        endpoint: 'http://127.0.0.1:9000',
        region: 'eu-west-3',
        forcePathStyle: true,
        credentials: { sessionToken: 'tok' },
      },
    })
    expect(createMediaStorage(minio).description).toBe('s3:shop-media@127.0.0.1:9000')
  })

  it.each([
    [{ S3_BUCKET: 'shop-media' }, /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/],
    [{ ...s3, S3_BUCKET: 'Shop_Media' }, /S3_BUCKET must be a bucket name/],
    [{ ...s3, S3_ENDPOINT: 'ftp://files' }, /S3_ENDPOINT must be an http\(s\) origin/],
    [{ ...s3, S3_ENDPOINT: 'https://s3.example/base' }, /S3_ENDPOINT must be an http\(s\) origin/],
    [{ ...s3, S3_ENDPOINT: 'not a url' }, /S3_ENDPOINT must be an http\(s\) URL/],
    [{ ...s3, S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE/],
    [{ ...s3, S3_BUCKET: 'shop.media' }, /set S3_FORCE_PATH_STYLE=true/],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, /S3_ENDPOINT is set but S3_BUCKET is not/],
  ])('refuse %o, naming the variable', (env, message) => {
    expect(() => parseConfig(env)).toThrow(ConfigError)
    expect(() => parseConfig(env)).toThrow(message)
  })

  it('never put the secret in the description that goes to the logs', () => {
    const storage = createMediaStorage(parseMediaStorageConfig(s3, '/d'))
    expect(storage.description).toBe('s3:shop-media@s3.us-east-1.amazonaws.com')
    expect(storage.description).not.toContain('secret')
  })
})
