/** A stage's chance of winning in the forecast: won 100, lost 0, an open one its own or 0. */
export const stageProbability = (stage: {
  type: 'open' | 'won' | 'lost'
  probability: number | null
}): number => (stage.type === 'won' ? 100 : stage.type === 'lost' ? 0 : (stage.probability ?? 0))
