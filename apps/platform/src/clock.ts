/** The platform's notion of now; tests pass a clock they can move. */
export type Clock = () => Date

export const systemClock: Clock = () => new Date()
