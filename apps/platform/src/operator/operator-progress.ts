/** Where the operator command writes its progress: standard error, a terminal or not. */
export interface ProgressStream {
  write(text: string): unknown
  isTTY?: boolean
}

/** Reports `done` of `total` for a piece of long work named `label`. */
export type ReportProgress = (label: string, done: number, total: number) => void

/**
 * Progress for long work. On a terminal one line rewritten in place (ended when the work is done);
 * elsewhere (a log file, journald) a plain line at the start, at most every `intervalMs`, and at the
 * end, so a log holds a few lines and no carriage returns.
 */
export function createProgress(
  stream: ProgressStream,
  options: { intervalMs?: number; now?: () => number } = {},
): ReportProgress {
  const intervalMs = options.intervalMs ?? 2_000
  const now = options.now ?? (() => performance.now())
  let lastLineAt: number | undefined
  return (label, done, total) => {
    const percent = total > 0 ? Math.floor((done / total) * 100) : 100
    const text = `${label} ${done.toLocaleString('en')}/${total.toLocaleString('en')} (${percent}%)`
    if (stream.isTTY) {
      stream.write(`\r${text}${done >= total ? '\n' : ''}`)
      return
    }
    const at = now()
    if (done < total && lastLineAt !== undefined && at - lastLineAt < intervalMs) return
    lastLineAt = at
    stream.write(`${text}\n`)
  }
}
