import { type BagStyle, bagArt } from './bag-art.ts'
import { type GarmentCut, garmentArt } from './garment-art.ts'
import { type KitchenStyle, kitchenArt } from './kitchen-art.ts'
import { type ShoeStyle, shoeArt } from './shoe-art.ts'
import { type StationeryStyle, stationeryArt } from './stationery-art.ts'
import { type Frame, studioPicture, WHOLE } from './svg-studio.ts'

/** One product picture: which view it is (for its alt text) and the SVG. */
export interface ProductPicture {
  /** `front`, `back`, `side`, `pair`, `open` or `detail`. */
  view: string
  /** The view in words for alt text: "back view", "close-up". */
  caption: string
  svg: string
}

interface View {
  view: string
  caption: string
  art: (colour: string) => string
  frame?: Frame
}

/** A kind of product: how to draw it, in which views, and its colour when it has no colour choices. */
interface Kind {
  /** The kind in words ("tee", "rain jacket"), for tests and docs. */
  name: string
  views: View[]
  /** The cloth, leather or cover colour of a product without colour choices. */
  colour: string
}

const closeUp = (x: number, y: number, size: number): Frame => ({ x, y, size })

function garment(name: string, cut: GarmentCut, colour: string, detail: Frame): Kind {
  return {
    name,
    colour,
    views: [
      { view: 'front', caption: 'front view', art: (c) => garmentArt(cut, c, 'front') },
      { view: 'back', caption: 'back view', art: (c) => garmentArt(cut, c, 'back') },
      { view: 'detail', caption: 'close-up', art: (c) => garmentArt(cut, c, 'front'), frame: detail },
    ],
  }
}

function shoe(name: string, style: ShoeStyle, colour: string): Kind {
  return {
    name,
    colour,
    views: [
      { view: 'side', caption: 'side view', art: (c) => shoeArt(style, c, 'side') },
      { view: 'pair', caption: 'the pair', art: (c) => shoeArt(style, c, 'pair') },
      {
        view: 'detail',
        caption: 'close-up',
        art: (c) => shoeArt(style, c, 'side'),
        frame: style === 'boot' ? closeUp(240, 160, 480) : closeUp(380, 300, 420),
      },
    ],
  }
}

function bag(name: string, style: BagStyle, colour: string, detail: Frame): Kind {
  return {
    name,
    colour,
    views: [
      { view: 'front', caption: 'front view', art: (c) => bagArt(style, c, 'front') },
      { view: 'back', caption: 'back view', art: (c) => bagArt(style, c, 'back') },
      { view: 'detail', caption: 'close-up', art: (c) => bagArt(style, c, 'front'), frame: detail },
    ],
  }
}

function kitchen(name: string, style: KitchenStyle, detail: Frame): Kind {
  return {
    name,
    colour: '#2f5d8a',
    views: [
      { view: 'front', caption: 'front view', art: (c) => kitchenArt(style, c, 'front') },
      { view: 'back', caption: 'back view', art: (c) => kitchenArt(style, c, 'back') },
      { view: 'detail', caption: 'close-up', art: (c) => kitchenArt(style, c, 'front'), frame: detail },
    ],
  }
}

function stationery(name: string, style: StationeryStyle, colour: string, detail?: Frame): Kind {
  return {
    name,
    colour,
    views: [
      { view: 'front', caption: 'front view', art: (c) => stationeryArt(style, c, 'front') },
      { view: 'back', caption: 'back view', art: (c) => stationeryArt(style, c, 'back') },
      detail
        ? { view: 'detail', caption: 'close-up', art: (c) => stationeryArt(style, c, 'front'), frame: detail }
        : { view: 'open', caption: 'opened', art: (c) => stationeryArt(style, c, 'open') },
    ],
  }
}

const neck = closeUp(300, 90, 400)
const chest = closeUp(330, 150, 420)

/** Every noun of the demo catalogue, by the kind of product it names. */
const KINDS: Record<string, Kind> = {
  Tee: garment('tee', { sleeves: 'short', neck: 'crew' }, '#2f5d8a', neck),
  Henley: garment('henley', { sleeves: 'long', neck: 'henley' }, '#b03a2e', chest),
  Polo: garment('polo shirt', { sleeves: 'short', neck: 'polo' }, '#3f7d4e', chest),
  Tank: garment('tank top', { sleeves: 'none', neck: 'scoop' }, '#2b2d31', neck),
  'Long Sleeve': garment(
    'long-sleeve tee',
    { sleeves: 'long', neck: 'crew' },
    '#2f5d8a',
    closeUp(180, 560, 300),
  ),
  Crewneck: garment(
    'sweatshirt',
    { sleeves: 'long', neck: 'crew', ribbed: true },
    '#8a8f98',
    closeUp(330, 560, 340),
  ),
  'Pocket Tee': garment(
    'pocket tee',
    { sleeves: 'short', neck: 'crew', pocket: 'chest' },
    '#e8e1d3',
    closeUp(450, 200, 260),
  ),
  'Rain Jacket': garment(
    'rain jacket',
    { sleeves: 'long', neck: 'hood', front: 'zip', pocket: 'hand', sheen: true, hem: 860 },
    '#d9a823',
    closeUp(320, 40, 360),
  ),
  Fleece: garment(
    'fleece jacket',
    { sleeves: 'long', neck: 'funnel', front: 'zip' },
    '#d8cfc0',
    closeUp(340, 80, 320),
  ),
  Parka: garment(
    'parka',
    { sleeves: 'long', neck: 'hood', front: 'zip', pocket: 'cargo', hem: 900 },
    '#5b6140',
    closeUp(320, 580, 360),
  ),
  Windbreaker: garment(
    'windbreaker',
    { sleeves: 'long', neck: 'hood', front: 'zip', sheen: true, block: '#ebe6dc' },
    '#2b7a8c',
    closeUp(320, 40, 380),
  ),
  Vest: garment(
    'padded vest',
    { sleeves: 'none', neck: 'funnel', front: 'zip', quilted: true },
    '#2a3550',
    closeUp(340, 80, 360),
  ),
  Overshirt: garment(
    'overshirt',
    { sleeves: 'long', neck: 'collar', front: 'buttons', pocket: 'flaps', hem: 840 },
    '#a47b53',
    closeUp(340, 140, 360),
  ),
  Puffer: garment(
    'puffer jacket',
    { sleeves: 'long', neck: 'funnel', front: 'zip', quilted: true, sheen: true },
    '#b3312b',
    closeUp(320, 100, 400),
  ),
  Runner: shoe('running shoe', 'runner', '#3d6fb6'),
  Sneaker: shoe('sneaker', 'sneaker', '#f2efe8'),
  'Hiking Boot': shoe('hiking boot', 'boot', '#9a6a3c'),
  Loafer: shoe('loafer', 'loafer', '#7a4a2a'),
  Sandal: shoe('sandal', 'sandal', '#4a3b2e'),
  'Trail Shoe': shoe('trail shoe', 'trail', '#6b7f5a'),
  'Slip-On': shoe('slip-on', 'slip-on', '#2b2d31'),
  Mug: kitchen('mug', 'mug', closeUp(300, 300, 460)),
  Teapot: kitchen('teapot', 'teapot', closeUp(300, 330, 440)),
  'Cutting Board': kitchen('cutting board', 'cutting-board', closeUp(360, 60, 300)),
  Apron: kitchen('apron', 'apron', closeUp(330, 480, 340)),
  'Bowl Set': kitchen('bowl set', 'bowl-set', closeUp(260, 360, 480)),
  Carafe: kitchen('carafe', 'carafe', closeUp(340, 120, 320)),
  'Tea Towel': kitchen('tea towel', 'tea-towel', closeUp(300, 150, 400)),
  Notebook: stationery('notebook', 'notebook', '#2f4a6a'),
  'Fountain Pen': stationery('fountain pen', 'fountain-pen', '#1d3b5a'),
  Sketchbook: stationery('sketchbook', 'sketchbook', '#2b2d31'),
  'Pencil Set': stationery('pencil set', 'pencil-set', '#3f5e4a'),
  Planner: stationery('planner', 'planner', '#8a3b3b'),
  Postcards: stationery('postcards', 'postcards', '#c77b4a'),
  'Desk Pad': stationery('desk pad', 'desk-pad', '#5a5f66', closeUp(500, 380, 420)),
  Backpack: bag('backpack', 'backpack', '#2f4a3a', closeUp(340, 440, 340)),
  Tote: bag('tote bag', 'tote', '#e3d8c3', closeUp(300, 180, 360)),
  Duffel: bag('duffel bag', 'duffel', '#2b2d31', closeUp(300, 220, 400)),
  Sling: bag('sling bag', 'sling', '#6b7f95', closeUp(420, 380, 340)),
  Messenger: bag('messenger bag', 'messenger', '#556b4a', closeUp(300, 480, 360)),
  Weekender: bag('weekender', 'weekender', '#c7b79b', closeUp(300, 220, 400)),
  Pouch: bag('zip pouch', 'pouch', '#b5523b', closeUp(400, 380, 320)),
}

/** The kind of product a catalogue noun names, or `undefined` for a noun the drawings do not know. */
export function productKind(noun: string): { name: string; colour: string; views: string[] } | undefined {
  const kind = KINDS[noun]
  return kind && { name: kind.name, colour: kind.colour, views: kind.views.map((v) => v.view) }
}

/** The nouns the drawings know. */
export const DRAWN_NOUNS: readonly string[] = Object.keys(KINDS)

/**
 * The pictures of one product of the kind `noun` names, in `colour` (its colour choice, or the kind's
 * own colour): at least three views, each a self-contained SVG. The same input gives the same bytes.
 *
 * @throws Error when no drawing knows the noun (a seed plan naming a product nobody drew).
 */
export function productPictures(noun: string, colour?: string): ProductPicture[] {
  const kind = KINDS[noun]
  if (!kind) throw new Error(`No drawing for "${noun}"`)
  return kind.views.map((v) => ({
    view: v.view,
    caption: v.caption,
    svg: studioPicture(v.art(colour ?? kind.colour), { frame: v.frame ?? WHOLE }),
  }))
}
