import { useEffect, useRef, useState } from 'react';
import { useNavigation } from 'react-router';
import { progressBar } from '@/domain/constants';

/**
 * The loading bar of spec section 2 with the constants of section 9: it appears only when a
 * navigation takes longer than 200 ms, creeps towards the end over 5000 ms, and fades out 500 ms
 * after the navigation finished.
 */
export const NavigationProgress = () => {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const [phase, setPhase] = useState<'hidden' | 'running' | 'finishing'>('hidden');
  const phaseRef = useRef(phase);
  phaseRef.current = phase;

  useEffect(() => {
    if (busy) {
      const timer = window.setTimeout(() => setPhase('running'), progressBar.throttleMs);
      return () => window.clearTimeout(timer);
    }
    if (phaseRef.current !== 'running') return;
    setPhase('finishing');
    const timer = window.setTimeout(() => setPhase('hidden'), progressBar.hideAfterMs);
    return () => window.clearTimeout(timer);
  }, [busy]);

  if (phase === 'hidden') return null;
  const finishing = phase === 'finishing';
  return (
    <div
      className="pointer-events-none fixed inset-x-0 top-0 z-[60] h-0.5"
      aria-hidden="true"
      data-testid="navigation-progress"
    >
      <div
        className="h-full origin-left bg-primary-500 dark:bg-primary-300"
        style={
          finishing
            ? {
                transform: 'scaleX(1)',
                opacity: 0,
                transition: `opacity ${progressBar.hideAfterMs}ms ease-in`,
              }
            : {
                animation: `progress-run ${progressBar.durationMs}ms cubic-bezier(0.1, 0.7, 0.3, 1) forwards`,
              }
        }
      />
    </div>
  );
};
