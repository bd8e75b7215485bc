import { UNCALIBRATED, type TokenCalibration } from './token-count';

/** One recorded call: the estimate of the context it was given, and the input tokens it reported. */
export interface CalibrationPoint {
  estimate: number;
  reported: number;
}

/**
 * Fits `tokens ≈ overhead + ratio × estimate` on the first recorded calls: one call gives a ratio
 * alone; two whose estimates differ by at least a fifth give the line through them (a constant
 * overhead such as tool definitions is then not mistaken for a ratio). The ratio stays within
 * [0.25, 4] and the overhead is never negative: a line that would need one falls back to the
 * ratio of the larger context alone.
 */
export function fitTokenCalibration(points: readonly CalibrationPoint[]): TokenCalibration {
  const usable = points.filter((point) => point.estimate > 0 && point.reported > 0);
  const [first, second] = usable;
  if (first === undefined) return UNCALIBRATED;
  const ratioAlone: TokenCalibration = {
    ratio: clamp(first.reported / first.estimate),
    overheadTokens: 0,
    calls: 1,
  };
  if (second === undefined) return ratioAlone;
  const spread = Math.abs(second.estimate - first.estimate);
  if (spread < 0.2 * Math.max(first.estimate, second.estimate)) return ratioAlone;
  const ratio = (second.reported - first.reported) / (second.estimate - first.estimate);
  const overheadTokens = first.reported - ratio * first.estimate;
  if (ratio < 0.25 || ratio > 4 || overheadTokens < 0) {
    // No overhead to speak of (or odd points): the ratio of the larger context, which weighs
    // most in the contexts that follow.
    const larger = second.estimate > first.estimate ? second : first;
    return { ratio: clamp(larger.reported / larger.estimate), overheadTokens: 0, calls: 2 };
  }
  return { ratio, overheadTokens: Math.round(overheadTokens), calls: 2 };
}

function clamp(ratio: number): number {
  return Math.min(4, Math.max(0.25, ratio));
}
