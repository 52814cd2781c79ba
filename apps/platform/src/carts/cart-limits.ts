/** Units one line may hold. */
export const MAX_LINE_QUANTITY = 10_000
/** Lines one cart may hold. */
export const MAX_LINE_ITEMS = 300
