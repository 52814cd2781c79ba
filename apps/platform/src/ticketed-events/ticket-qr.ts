import { encode } from 'uqr'
import { monochromePng } from '../media/png-writer.ts'

/**
 * A ticket's code as a QR image (decision 075), what the door's camera reads: the code alone (what staff
 * would type), error correction M, a quiet zone of four modules, 6 pixels a module.
 */
export function ticketQrPng(code: string): Buffer {
  const { data } = encode(code, { ecc: 'M', border: 4 })
  return monochromePng(data, 6)
}
