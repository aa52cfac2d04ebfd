import { useReducedMotion, useViewportSize } from '@mantine/hooks';
import Confetti from 'react-confetti';

/**
 * One burst of confetti over the whole window (a purchase, an accepted invitation, a confirmed
 * waitlist address). Nothing for a visitor whose system asks for reduced motion: the page's message
 * says the same without the animation.
 */
export function ConfettiBurst({ pieces = 200 }: { pieces?: number }) {
  const reduced = useReducedMotion(undefined, { getInitialValueInEffect: false });
  const { width, height } = useViewportSize();
  if (reduced) return null;
  return (
    <Confetti
      width={width || window.innerWidth}
      height={height || window.innerHeight}
      numberOfPieces={pieces}
      recycle={false}
    />
  );
}
