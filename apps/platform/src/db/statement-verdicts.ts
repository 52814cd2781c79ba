/** Texts of different statements a process remembers a verdict on, at most: beyond it, it starts again. */
const MAX_TEXTS = 2000

/**
 * `judge` remembered by statement text: a process sends the same few hundred texts again and again, some
 * of them kilobytes long, and a judgement by regular expressions on each costs CPU on the hot path
 * (decision 106). Bounded, so that texts made with their values in them cannot grow it without end.
 */
export function rememberedByText(judge: (sql: string) => boolean): (sql: string) => boolean {
  const verdicts = new Map<string, boolean>()
  return (sql) => {
    const known = verdicts.get(sql)
    if (known !== undefined) return known
    const verdict = judge(sql)
    if (verdicts.size >= MAX_TEXTS) verdicts.clear()
    verdicts.set(sql, verdict)
    return verdict
  }
}
