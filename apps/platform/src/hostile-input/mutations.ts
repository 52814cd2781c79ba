import { type FuzzObject, type FuzzValue, isFuzzObject, RawJson } from './json-text.ts'
import type { Random } from './seeded-random.ts'

/** A place in a value tree: the container and the key or index of the value it holds. */
interface Slot {
  parent: FuzzObject | FuzzValue[]
  key: string | number
  value: FuzzValue
}

const MAX_SLOTS = 500

function listSlots(root: FuzzValue): Slot[] {
  const slots: Slot[] = []
  const pending: FuzzValue[] = [root]
  while (pending.length > 0 && slots.length < MAX_SLOTS) {
    const node = pending.pop()!
    if (Array.isArray(node)) {
      // Huge arrays of one item: a few of their slots are enough.
      node.slice(0, 20).forEach((value, key) => {
        slots.push({ parent: node, key, value })
        pending.push(value)
      })
    } else if (isFuzzObject(node)) {
      for (const key of Object.keys(node)) {
        slots.push({ parent: node, key, value: node[key]! })
        pending.push(node[key]!)
      }
    }
  }
  return slots
}

function set(slot: Slot, value: FuzzValue) {
  ;(slot.parent as Record<string | number, FuzzValue>)[slot.key] = value
}

/**
 * Replaces one node the predicate accepts (any node when none does) with `make(old)`; a root that is
 * not a container is replaced itself. Returns the (possibly new) root.
 */
export function replaceNode(
  root: FuzzValue,
  random: Random,
  make: (old: FuzzValue, key: string | number | undefined) => FuzzValue,
  accepts: (slot: { value: FuzzValue; key: string | number }) => boolean = () => true,
): FuzzValue {
  const slots = listSlots(root)
  const wanted = slots.filter(accepts)
  const pool = wanted.length > 0 ? wanted : slots
  if (pool.length === 0) return make(root, undefined)
  const slot = random.pick(pool)
  set(slot, make(slot.value, slot.key))
  return root
}

/** A value of a different JSON type than `value`. */
export function wrongTypeFor(value: FuzzValue, random: Random): FuzzValue {
  const options: FuzzValue[] = [null, true, 0, -1, 1.5, 'text', '', [], [1, 'a'], Object.create(null), [[]]]
  const kind = (candidate: FuzzValue) =>
    candidate === null ? 'null' : Array.isArray(candidate) ? 'array' : typeof candidate
  return random.pick(options.filter((candidate) => kind(candidate) !== kind(value)))
}

/** Removes one property from some object in the tree (a required one, often). */
export function removeProperty(root: FuzzValue, random: Random): FuzzValue {
  const objects = [root, ...listSlots(root).map((slot) => slot.value)].filter(isFuzzObject)
  const withKeys = objects.filter((object) => Object.keys(object).length > 0)
  if (withKeys.length === 0) return Array.isArray(root) ? [] : null
  const object = random.pick(withKeys)
  delete object[random.pick(Object.keys(object))]
  return root
}

/** Adds keys no schema allows, prototype-polluting ones among them, to some object in the tree. */
export function addUnknownKeys(root: FuzzValue, random: Random): FuzzValue {
  const objects = [root, ...listSlots(root).map((slot) => slot.value)].filter(isFuzzObject)
  if (objects.length === 0) return root
  const object = random.pick(objects)
  const key = random.pick([
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    '$where',
    'x',
  ])
  object[key] = random.pick<FuzzValue>([
    Object.assign(Object.create(null), { isAdmin: true, polluted: 1 }),
    'x',
    null,
    { prototype: { polluted: 1 } } as FuzzValue,
  ])
  return root
}

/** Whether a node is a string leaf. */
export const isString = (slot: { value: FuzzValue }) => typeof slot.value === 'string'
/** Whether a node is a number leaf. */
export const isNumber = (slot: { value: FuzzValue }) => typeof slot.value === 'number'
/** Whether a node is an array. */
export const isArray = (slot: { value: FuzzValue }) => Array.isArray(slot.value)
/** Whether a node's key names a URL. */
export const isUrlField = (slot: { key: string | number }) =>
  typeof slot.key === 'string' && /ur[il]|redirect|callback|endpoint|origin/i.test(slot.key)

/** Wraps a raw literal so a number slot gets text JSON.stringify could not write. */
export const raw = (text: string) => new RawJson(text)
