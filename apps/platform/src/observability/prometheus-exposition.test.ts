import { describe, expect, it } from 'vitest'
import {
  createCounter,
  createGauge,
  createHistogram,
  escapeLabelValue,
  formatSampleValue,
  renderExposition,
} from './prometheus-exposition.ts'
import { parseExposition, sampleValue } from './testing/exposition-parser.ts'

describe('the Prometheus text exposition', () => {
  it('renders counters with HELP, TYPE and one line per label set', () => {
    const counter = createCounter({ name: 'jobs_total', help: 'Jobs done.', labelNames: ['kind'] })
    counter.inc({ kind: 'a' })
    counter.inc({ kind: 'a' }, 2)
    counter.inc({ kind: 'b' })
    expect(renderExposition([counter])).toBe(
      '# HELP jobs_total Jobs done.\n# TYPE jobs_total counter\njobs_total{kind="a"} 3\njobs_total{kind="b"} 1\n',
    )
  })

  it('escapes backslashes, quotes and line feeds in label values and help, and parses back', () => {
    const hostile = 'a\\b"c\nd\u2028é'
    const counter = createCounter({
      name: 'odd_total',
      help: 'Help with \\ and\nnewline.',
      labelNames: ['v'],
    })
    counter.inc({ v: hostile })
    const text = renderExposition([counter])
    expect(text).toContain(`odd_total{v="${escapeLabelValue(hostile)}"} 1`)
    expect(text.split('\n')).toHaveLength(4)
    const parsed = parseExposition(text)
    expect(parsed.get('odd_total')?.help).toBe('Help with \\ and\nnewline.')
    expect(parsed.get('odd_total')?.samples[0]?.labels.v).toBe(hostile)
  })

  it('renders histograms with cumulative buckets, +Inf, sum and count', () => {
    const histogram = createHistogram({
      name: 'wait_seconds',
      help: 'Waits.',
      labelNames: ['route'],
      buckets: [0.1, 1],
    })
    for (const value of [0.05, 0.5, 0.5, 3]) histogram.observe({ route: '/a' }, value)
    const parsed = parseExposition(renderExposition([histogram]))
    expect(parsed.get('wait_seconds')?.type).toBe('histogram')
    expect(sampleValue(parsed, 'wait_seconds_bucket', { route: '/a', le: '0.1' })).toBe(1)
    expect(sampleValue(parsed, 'wait_seconds_bucket', { route: '/a', le: '1' })).toBe(3)
    expect(sampleValue(parsed, 'wait_seconds_bucket', { route: '/a', le: '+Inf' })).toBe(4)
    expect(sampleValue(parsed, 'wait_seconds_sum', { route: '/a' })).toBeCloseTo(4.05)
    expect(sampleValue(parsed, 'wait_seconds_count', { route: '/a' })).toBe(4)
    expect(histogram.count({ route: '/a' })).toBe(4)
  })

  it('renders gauges from their collect function and special values by name', () => {
    const gauge = createGauge({
      name: 'level',
      help: 'Levels.',
      labelNames: ['at'],
      collect: () => [
        { labels: { at: 'x' }, value: Number.POSITIVE_INFINITY },
        { labels: { at: 'y' }, value: Number.NaN },
      ],
    })
    const text = renderExposition([gauge])
    expect(text).toContain('level{at="x"} +Inf\n')
    expect(text).toContain('level{at="y"} NaN\n')
    expect(formatSampleValue(-0.25)).toBe('-0.25')
    expect(parseExposition(text).get('level')?.samples).toHaveLength(2)
  })

  it('refuses bad metric and label names, duplicate families, falling counters and unordered buckets', () => {
    expect(() => createCounter({ name: 'bad-name', help: '' })).toThrow(/metric name/)
    expect(() => createCounter({ name: 'ok_total', help: '', labelNames: ['__x'] })).toThrow(/label name/)
    expect(() => createHistogram({ name: 'h', help: '', labelNames: ['le'], buckets: [1] })).toThrow()
    expect(() => createHistogram({ name: 'h', help: '', buckets: [1, 1] })).toThrow(/ascend/)
    const counter = createCounter({ name: 'c_total', help: '' })
    expect(() => counter.inc({}, -1)).toThrow(/only goes up/)
    expect(() => renderExposition([counter, counter])).toThrow(/twice/)
  })

  it('the test parser refuses malformed expositions', () => {
    expect(() => parseExposition('x 1\n')).toThrow(/before its # TYPE/)
    expect(() => parseExposition('# TYPE x gauge\nx{a="1} 1\n')).toThrow()
    expect(() => parseExposition('# TYPE x gauge\nx{a="\\t"} 1\n')).toThrow(/bad escape/)
    expect(() => parseExposition('# TYPE x gauge\nx 1')).toThrow(/line feed/)
    expect(() =>
      parseExposition('# TYPE h histogram\nh_bucket{le="1"} 2\nh_bucket{le="+Inf"} 1\nh_count 1\n'),
    ).toThrow(/cumulative/)
  })
})
