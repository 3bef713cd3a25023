import { useState } from 'react';
import { useEveningSequences, useWorkers } from '@/outcome-map/use-outcome-map';
import { FenceExercise } from '@/real-postgres/fence-exercise';

/**
 * The fence exercise with the lab's evenings: the page puts the two features together. The simulator's runs
 * (about 26,000, in the map's worker) start when the learner first edits or checks a statement, not on scroll.
 */
export default function FenceSlot() {
  const [wanted, setWanted] = useState(false);
  const { sequences, progress } = useEveningSequences(wanted);
  const workers = useWorkers();
  return <FenceExercise evenings={{ sequences, progress, workers }} onFirstUse={() => setWanted(true)} />;
}
