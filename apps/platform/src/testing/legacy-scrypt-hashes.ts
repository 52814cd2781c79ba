/**
 * Hashes written by the site owners' scrypt hasher before decision 021 (that code, run once), for the
 * tests that the argon2id hasher still reads them and upgrades them at the next sign-in.
 */
export const LEGACY_SCRYPT_HASHES = {
  /** 'correct horse battery staple' at the production cost, N=2^17, r=8, p=1. */
  production: '$scrypt$ln=17,r=8,p=1$mZPMTnRAKk9IUoc38WVvQg$lw0C7euxUxWUoX9XgOb5koL1x5+ezKFdMmVBs7VaOHc',
  /** 'correct horse battery' (the test owner's password) at the tests' cost, N=2^4. */
  owner: '$scrypt$ln=4,r=8,p=1$KWdiZVZpTSRvvYcpK9d3zA$Xk6CKMwFqkKBc3IGTby8GuEfFCnN/E+zT1YMXUjAvVQ',
  /** 'a\u0000b 🔑 пароль', N=2^4. */
  nulAndEmoji: '$scrypt$ln=4,r=8,p=1$PbDQ//Yt/HGDYdKSpImZoA$t/xc/beGen/mG1RhSFUY4Y3Qj89L89VkYOBy9jY/IU4',
  /** 'x' × 1,024, N=2^4. */
  longest: '$scrypt$ln=4,r=8,p=1$csCttOaC248g/84M4qaBMg$gPTsl+2Jv6wdSiqDtVbNGJhKOziT0jct0jYQI5MmtIc',
  /** 'café au lait' with a composed é, N=2^4. */
  composed: '$scrypt$ln=4,r=8,p=1$Y4JHPyQR0MN03wshQE74Zw$MTTqWuP9bDX+w8W5x/SRpBws4jVJyZ4YItVJR8l/d/M',
} as const
