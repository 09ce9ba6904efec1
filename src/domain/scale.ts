/** The publisher's unit multiplier ('thousands', 'millions') as a factor that turns values into units. */
const FACTORS = { thousands: 1e3, millions: 1e6, billions: 1e9 } as const;

/** The multipliers publishers give; a series without one is in units. */
export const SCALES = Object.keys(FACTORS) as (keyof typeof FACTORS)[];
export type Scale = (typeof SCALES)[number];

export function scaleFactor(scale: string | null | undefined): number {
  if (scale == null || scale === '') return 1;
  const factor = (FACTORS as Record<string, number>)[scale];
  if (factor === undefined) throw new Error(`unknown scale ${scale}`);
  return factor;
}

/** A published value in plain units; 15 significant digits drop the binary noise of the product (1.005 × 1e3 is 1004.9999999999999). */
export function inUnits(value: number, scale: string | null | undefined): number {
  const factor = scaleFactor(scale);
  return factor === 1 ? value : Number((value * factor).toPrecision(15));
}
