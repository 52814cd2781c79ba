/**
 * A position in PostgreSQL's write-ahead log (a `pg_lsn` such as `16/B374D848`) as a number, so that
 * positions compare with `<` and `>=`.
 */
export type WalPosition = bigint

const LSN = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i

/**
 * Parses the text form of a `pg_lsn` (`high/low`, both hexadecimal).
 * @throws {RangeError} when `text` is not a `pg_lsn`
 */
export function parseWalPosition(text: string): WalPosition {
  const match = LSN.exec(text)
  if (!match) throw new RangeError(`"${text}" is not a WAL position (pg_lsn)`)
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`)
}

/** The text form of a WAL position, as PostgreSQL prints a `pg_lsn`. */
export function formatWalPosition(position: WalPosition): string {
  const high = (position >> 32n).toString(16).toUpperCase()
  const low = (position & 0xffffffffn).toString(16).toUpperCase()
  return `${high}/${low}`
}
