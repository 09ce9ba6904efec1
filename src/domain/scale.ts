/** The publisher's unit multiplier ('thousands', 'millions') as a factor that turns values into units. */
const FACTORS: Record<string, number> = { thousands: 1e3, millions: 1e6, billions: 1e9 };

export function scaleFactor(scale: string | null | undefined): number {
  if (scale == null || scale === '') return 1;
  const factor = FACTORS[scale];
  if (factor === undefined) throw new Error(`unknown scale ${scale}`);
  return factor;
}
